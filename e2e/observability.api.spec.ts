// Logs and metrics as an operator meets them (docs/decisions/016-logs-and-metrics.md): every
// answer carries X-Request-Id (a trusted proxy's own, else a new one), every error page shows it
// to quote, the log has one line per request naming the user but no cookie or token, and
// /metrics exists only with METRICS_TOKEN and answers only its bearer.
import { expect, test } from "@playwright/test";
import { signInToConsole } from "../tests/support/console-session";
import { startOwnConsole, type OwnConsole } from "./support/own-console";
import { consoleUrl, e2eMetricsToken } from "./support/ports";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// A console of its own: no proxy trusted, no METRICS_TOKEN, and its stdout to read.
let own: OwnConsole;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await startOwnConsole({ SIMULATOR_RESEED: "true" });
});

test.afterAll(async () => {
  await own?.stop();
});

function logLines(running: OwnConsole): Record<string, unknown>[] {
  return running
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

test("X-Request-Id comes back: a trusted proxy's own, else a new one", async () => {
  // The shared test server trusts one proxy hop (loopback plays it).
  const fromProxy = await fetch(`${consoleUrl}/login`, { headers: { "x-request-id": "proxy-7f3a.1" } });
  expect(fromProxy.headers.get("x-request-id")).toBe("proxy-7f3a.1");
  const unsafe = await fetch(`${consoleUrl}/login`, { headers: { "x-request-id": "no spaces allowed" } });
  expect(unsafe.headers.get("x-request-id")).toMatch(uuid);
  const none = await fetch(`${consoleUrl}/login`);
  expect(none.headers.get("x-request-id")).toMatch(uuid);

  // Without TRUST_PROXY, what a client sends is not taken.
  const untrusted = await fetch(`${own.url}/login`, { headers: { "x-request-id": "chosen-by-client" } });
  expect(untrusted.headers.get("x-request-id")).toMatch(uuid);
});

test("an error page shows the reference to quote, in the reader's language", async () => {
  for (const [language, sentence] of [
    ["en", "Quote this reference when you report the problem"],
    ["de", "Nennen Sie diese Referenz, wenn Sie das Problem melden"],
  ] as const) {
    const response = await fetch(`${consoleUrl}/no-such-page`, { headers: { "accept-language": language } });
    expect(response.status).toBe(404);
    const reference = response.headers.get("x-request-id")!;
    const html = await response.text();
    expect(html).toContain(sentence);
    expect(html).toContain(`data-reference="${reference}"`);
  }
  // A signed-in page that fails the same way.
  const admin = await signInToConsole(consoleUrl, "admin");
  const missing = await admin.fetch("/stations/NO-SUCH-STATION");
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain(missing.headers.get("x-request-id")!);
});

test("the log has one line per request with route, Manager time and user, but no cookie or token", async () => {
  const session = await signInToConsole(own.url, "owner");
  const response = await session.fetch("/stations");
  expect(response.status).toBe(200);
  await response.text();
  const reference = response.headers.get("x-request-id")!;
  await expect
    .poll(() => logLines(own).find((line) => line.requestId === reference && line.msg === "request"))
    .toMatchObject({
      method: "GET",
      route: "routes/_app.stations._index",
      path: "/stations",
      status: 200,
      role: "Owner",
      userId: expect.any(String),
      managerMs: expect.any(Number),
    });
  const managerCalls = logLines(own).filter((line) => line.requestId === reference && line.msg === "manager call");
  expect(managerCalls.map((line) => (line.managerCall as { path: string }).path)).toContain(
    "/configuration/api/v1.0/stations",
  );

  // Nothing of the session cookie's value, and no token of the identity provider, anywhere.
  const cookieValue = session.cookie.split("=").slice(1).join("=").split(";")[0]!;
  expect(cookieValue.length).toBeGreaterThan(20);
  const log = own.output();
  expect(log).not.toContain(cookieValue);
  expect(log).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}/);
});

test("/metrics does not exist without METRICS_TOKEN", async () => {
  const response = await fetch(`${own.url}/metrics`, { headers: { authorization: "Bearer anything-at-all-here" } });
  expect(response.status).toBe(404);
  expect(await response.text()).not.toContain("console_http_request_duration_seconds");
});

test("/metrics answers only the bearer of METRICS_TOKEN, with the named series", async () => {
  expect((await fetch(`${consoleUrl}/metrics`)).status).toBe(401);
  const wrong = await fetch(`${consoleUrl}/metrics`, { headers: { authorization: "Bearer not-the-token-at-all" } });
  expect(wrong.status).toBe(401);

  const admin = await signInToConsole(consoleUrl, "admin");
  await (await admin.fetch("/stations/MCS-0042")).text();

  const response = await fetch(`${consoleUrl}/metrics`, { headers: { authorization: `Bearer ${e2eMetricsToken}` } });
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(text).toMatch(
    /console_http_request_duration_seconds_count\{route="routes\/_app\.stations\.\$serialNumber\._index",method="GET",status="200"\} \d+/,
  );
  expect(text).toContain(
    'console_manager_call_duration_seconds_count{method="GET",path="/configuration/api/v1.0/stations/{serialNumber}",outcome="2xx"}',
  );
  expect(text).not.toContain("MCS-0042");
  expect(text).toMatch(/^console_sign_ins_total [1-9]/m);
  expect(text).toContain("# TYPE console_sign_in_failures_total counter");
  expect(text).toMatch(/console_session_store_duration_seconds_count\{operation="read"\} [1-9]/);
  expect(text).toContain("# TYPE console_hub_bridge_connections gauge");
  expect(text).toContain("# TYPE console_hub_bridge_relayed_messages_total counter");
  expect(text).toContain("# TYPE console_revalidations_triggered_total counter");
  expect(text).toContain("process_resident_memory_bytes");
  expect(text).toContain("nodejs_eventloop_lag_seconds");
});
