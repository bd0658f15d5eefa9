// Issue 15: a rolling restart loses nothing. On SIGTERM the console reports not ready, goes on
// serving for SHUTDOWN_DELAY_MS, stops accepting, lets the requests in flight finish (within
// SHUTDOWN_TIMEOUT_MS), tells live sockets to reconnect (1012 "service restart") and exits 0.
// A request is held in flight by the simulator's injected latency on the Manager calls its
// page makes; the simulator counts the calls it holds, so the test knows when one is.
import { WebSocket } from "ws";
import { expect, test } from "@playwright/test";
import { serviceRestart } from "../app/live/retry-policy";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { startConsoleProcess, type ConsoleProcess } from "../tests/support/processes";
import { freePort } from "./support/own-console";

const recordSeparator = "\u001e";

async function startConsole(env: Record<string, string>) {
  return startConsoleProcess({ port: await freePort(), simulatorPort: await freePort(), stations: 20, env });
}

async function setManagerLatency(consoleProcess: ConsoleProcess, latencyMs: number) {
  const response = await fetch(`${consoleProcess.simulatorUrl}/__simulator/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ latencyMs }),
  });
  expect(response.status).toBe(200);
}

/** Resolves once the simulator holds a Manager call of the console's: its page is in flight. */
async function managerCallHeld(consoleProcess: ConsoleProcess) {
  await expect
    .poll(async () => {
      const faults = await fetch(`${consoleProcess.simulatorUrl}/__simulator/faults`).then((response) =>
        response.json(),
      );
      return (faults as { heldRequests: number }).heldRequests;
    })
    .toBeGreaterThan(0);
}

/** What GET /readyz answers now, or the connection error's code once nothing accepts. */
async function readiness(consoleProcess: ConsoleProcess) {
  try {
    const response = await fetch(`${consoleProcess.url}/readyz`);
    return { status: response.status, body: (await response.json()) as unknown };
  } catch (error) {
    return { refused: ((error as Error).cause as { code?: string } | undefined)?.code };
  }
}

/** A hub opened through the console's bridge as the browser's SignalR client opens it, and its close. */
async function openHub(consoleProcess: ConsoleProcess, session: ConsoleSession) {
  const origin = new URL(consoleProcess.url).origin;
  const negotiation = await session.fetch("/hubs/stationsHub/negotiate?negotiateVersion=1", { method: "POST" });
  expect(negotiation.status).toBe(200);
  const { connectionToken } = (await negotiation.json()) as { connectionToken: string };
  const socket = new WebSocket(`${origin.replace("http", "ws")}/hubs/stationsHub?id=${connectionToken}`, {
    headers: { cookie: session.cookie, origin },
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const handshake = new Promise<void>((resolve) => socket.once("message", () => resolve()));
  // The Manager drops a client silent for 30 s: answer its pings as SignalR's clients do.
  socket.on("message", () => socket.send(JSON.stringify({ type: 6 }) + recordSeparator));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  socket.send(JSON.stringify({ protocol: "json", version: 1 }) + recordSeparator);
  await handshake;
  return { closed };
}

test("on SIGTERM the console finishes what is in flight, refuses new connections and exits 0", async () => {
  test.setTimeout(120_000);
  const consoleProcess = await startConsole({ SHUTDOWN_DELAY_MS: "1000", SHUTDOWN_TIMEOUT_MS: "20000" });
  try {
    // The body also says how the durable store answers (issue 28): reported, never a reason.
    expect(await readiness(consoleProcess)).toMatchObject({ status: 200, body: { ready: true } });
    const session = await signInToConsole(consoleProcess.url, "admin");

    // Every Manager call of the dashboard now takes 5 s: the page is still in flight when the
    // listener closes, a second after the signal.
    await setManagerLatency(consoleProcess, 5000);
    const slowPage = session.fetch("/dashboard");
    await managerCallHeld(consoleProcess);
    const hub = await openHub(consoleProcess, session);
    consoleProcess.signal("SIGTERM");

    await expect
      .poll(() => readiness(consoleProcess))
      .toMatchObject({
        status: 503,
        body: { ready: false, reason: "stopping" },
      });
    await expect.poll(() => readiness(consoleProcess), { timeout: 20_000 }).toEqual({ refused: "ECONNREFUSED" });
    expect(await hub.closed).toEqual({ code: serviceRestart.code, reason: serviceRestart.reason });

    const page = await slowPage;
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("</html>");
    expect(await consoleProcess.exited).toBe(0);
  } finally {
    await consoleProcess.stop();
  }
});

test("a request still running after SHUTDOWN_TIMEOUT_MS does not keep the console from exiting", async () => {
  test.setTimeout(120_000);
  const consoleProcess = await startConsole({ SHUTDOWN_TIMEOUT_MS: "500" });
  try {
    const session = await signInToConsole(consoleProcess.url, "admin");
    await setManagerLatency(consoleProcess, 60_000);
    const stuckPage = session.fetch("/dashboard").then(
      (response) => response.status,
      () => "cut off",
    );
    await managerCallHeld(consoleProcess);
    consoleProcess.signal("SIGTERM");
    expect(await consoleProcess.exited).toBe(0);
    expect(await stuckPage).toBe("cut off");
  } finally {
    await consoleProcess.stop();
  }
});
