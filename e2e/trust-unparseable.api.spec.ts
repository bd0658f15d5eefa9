// Requests the console cannot parse get a 4xx with a clear message, never a 500: broken form
// bodies on every action (sign-in included), paths that do not decode, Hosts and request
// targets that name no origin. And a reverse proxy that rewrites Host (nginx, TRUST_PROXY on,
// no PUBLIC_URL) works end to end: one notion of "our origin" for the origin check, Remix and
// the live-update bridge.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { WebSocket } from "ws";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { nginxConfiguration } from "../tests/support/nginx-balancer";
import { missingPrograms, requireSystemProgram } from "../tests/support/system-programs";
import { freePort } from "./support/own-console";
import { e2ePorts, consoleUrl } from "./support/ports";
import { simulator } from "./support/simulator";

const origin = new URL(consoleUrl).origin;
const common = JSON.parse(readFileSync(new URL("../public/locales/en/common.json", import.meta.url), "utf8")) as {
  errors: { notFound: { subtitle: string } };
  server: { noUploads: string };
};
const admin = JSON.parse(readFileSync(new URL("../public/locales/en/admin.json", import.meta.url), "utf8")) as {
  views: { appCustomization: { errors: { formUnreadable: string } } };
  venueBackup: { restore: { problems: { unreadable: string } } };
};

/** Every route with an action, and where its form posts. */
const actionPaths: Record<string, string> = {
  "_app.alerts._index": "/alerts?index",
  "_app.alerts.destinations": "/alerts/destinations",
  "_app.alerts.rules": "/alerts/rules",
  "_app.apiTokens": "/apiTokens",
  "_app.appCustomization": "/appCustomization",
  "_app.appView": "/appView",
  "_app.dashboard": "/dashboard",
  "_app.firmware.rollouts.$rolloutId": "/firmware/rollouts/00000000-0000-4000-8000-000000000000",
  "_app.firmware.rollouts._index": "/firmware/rollouts?index",
  "_app.listening.events.$eventId": "/listening/events/999999",
  "_app.listening.events._index": "/listening/events?index",
  "_app.moderation.$stationSerialNumber.$index": "/moderation/MCS-0043/1",
  "_app.settings": "/settings",
  "_app.settings_.restore": "/settings/restore",
  "_app.stations.$serialNumber._index": "/stations/MCS-0042?index",
  "_app.stations.$serialNumber.firmware": "/stations/MCS-0042/firmware",
  "_app.stations.$serialNumber.network": "/stations/MCS-0042/network",
  "_app.stations.$serialNumber_.channels.$channelIndex": "/stations/MCS-0042/channels/1",
  "_app.stations._index": "/stations?index",
  "_app.stations.bulk": "/stations/bulk?action=reboot",
  "appCustomization.image": "/appCustomization/image",
  login: "/login",
  logout: "/logout",
  preferences: "/preferences",
};

const boundary = "----console-test";
const malformedBodies: Array<{ name: string; type: string; body: string }> = [
  {
    name: "garbage after a boundary",
    type: `multipart/form-data; boundary=${boundary}`,
    body: "this is not multipart at all",
  },
  {
    name: "no boundary parameter",
    type: "multipart/form-data",
    body: `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nrename\r\n--${boundary}--\r\n`,
  },
  {
    name: "no closing delimiter",
    type: `multipart/form-data; boundary=${boundary}`,
    body: `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nrename\r\n`,
  },
  {
    name: "a part without a name",
    type: `multipart/form-data; boundary=${boundary}`,
    body: `--${boundary}\r\nContent-Type: text/plain\r\n\r\nrename\r\n--${boundary}--\r\n`,
  },
  {
    name: "headers that never end",
    type: `multipart/form-data; boundary=${boundary}`,
    body: `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\nX: ${"y".repeat(2000)}`,
  },
];

let session: ConsoleSession;

test.beforeAll(async () => {
  session = await signInToConsole(consoleUrl, "admin");
});

test.afterAll(() => simulator.reset());

test("the table names every route that has an action", () => {
  // Every route is a folder whose route.tsx holds the module (docs/decisions/015).
  // A resource route's module is route.ts.
  const moduleOf = (folder: string) =>
    ["route.tsx", "route.ts"]
      .map((file) => new URL(`../app/routes/${folder}/${file}`, import.meta.url))
      .find((url) => existsSync(url))!;
  const withAction = readdirSync(new URL("../app/routes/", import.meta.url)).filter((folder) =>
    /export (async )?function action\b|export const action\b/.test(readFileSync(moduleOf(folder), "utf8")),
  );
  expect(Object.keys(actionPaths).sort()).toEqual(withAction.sort());
});

test("a malformed multipart body: the upload routes answer with their own message, every other action takes no multipart", async () => {
  for (const [file, path] of Object.entries(actionPaths)) {
    for (const malformed of malformedBodies) {
      const context = `${path} (${file}): ${malformed.name}`;
      const response = await session.fetch(path, {
        method: "POST",
        headers: { "content-type": malformed.type },
        body: malformed.body,
      });
      const text = await response.text();
      if (file === "_app.appCustomization") {
        // The customization form keeps its own way: back to the page with the reason shown.
        expect(response.status, context).toBe(302);
        const page = await (await session.fetch(response.headers.get("location")!)).text();
        expect(page, context).toContain(admin.views.appCustomization.errors.formUnreadable);
      } else if (file === "_app.settings_.restore") {
        // The restore page shows the file field's message; nothing is restored.
        expect(response.status, context).toBe(200);
        expect(text, context).toContain(admin.venueBackup.restore.problems.unreadable);
      } else if (file === "appCustomization.image") {
        expect(response.status, context).toBe(400);
        expect(JSON.parse(text), context).toEqual({ error: expect.any(String) });
      } else {
        // Refused before Remix runs, signed in or not (server/body-limits.ts).
        expect(response.status, `${context}: ${text.slice(0, 200)}`).toBe(415);
        expect(text, context).toContain(common.server.noUploads);
      }
    }
  }
});

test("a Moderator posting an unreadable upload to the customization is refused as forbidden, before it is read", async () => {
  const moderator = await signInToConsole(consoleUrl, "moderator");
  const unreadable = { "content-type": `multipart/form-data; boundary=${boundary}` };
  for (const path of ["/appCustomization", "/appCustomization/image"]) {
    const response = await moderator.fetch(path, {
      method: "POST",
      headers: unreadable,
      body: "this is not multipart at all",
    });
    expect(response.status, path).toBe(403);
  }
});

test("the answers given before Remix runs are in the reader's language, also for single-fetch data requests", async () => {
  const german = await fetch(new URL("/login", consoleUrl), {
    method: "POST",
    headers: { origin, "content-type": `multipart/form-data; boundary=${boundary}`, "accept-language": "de" },
    body: "kaputt",
  });
  expect(german.status).toBe(415);
  expect(await german.text()).toMatch(/^Diese Adresse nimmt keine Dateien an/);
  const tooLarge = await session.fetch("/preferences", {
    method: "POST",
    headers: { "accept-language": "de" },
    body: new URLSearchParams({ redirectTo: "/", padding: "x".repeat(2 * 1024 * 1024) }),
  });
  expect(tooLarge.status).toBe(413);
  expect(await tooLarge.text()).toBe(
    `Die gesendeten Daten sind zu groß (mehr als 8 KB). Nennen Sie diese Referenz, wenn Sie das Problem melden: ${tooLarge.headers.get("x-request-id")}`,
  );
  const data = await session.fetch("/stations/MCS-0042.data?index", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body: "garbage",
  });
  expect(data.status).toBe(415);
});

test("url-encoded bodies that do not decode never cause a server error", async () => {
  const bodies = [
    "%zz=%ff&intent=%E0%A4%A",
    "intent=rename&name=%",
    "\u00ff\u00fe=1&&&==&intent",
    "intent=rename&name=%00%01%1b",
    `intent=rename&name=${"%".repeat(3000)}`,
  ];
  for (const [file, path] of Object.entries(actionPaths)) {
    for (const body of bodies) {
      const response = await session.fetch(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: Buffer.from(body, "latin1"),
      });
      expect(response.status, `${path} (${file}) ${JSON.stringify(body.slice(0, 40))}`).toBeLessThan(500);
    }
  }
});

test("paths that do not decode get the not-found page or a 400, signed in or not", async () => {
  const paths = [
    "/build/%ff.js",
    "/build/%E0%A4%A.js",
    "/build/_assets/%c0%af.css",
    "/%ff",
    "/%ff.data",
    "/locales/%ff/common.json",
    "/stations/%ff",
    "/stations/MCS-0042/%ff",
    "/stations/%ff/channels/%ff",
    "/stations/MCS%ff.data",
  ];
  for (const path of paths) {
    for (const fetcher of [
      (url: string) => fetch(new URL(url, consoleUrl), { redirect: "manual" }),
      (url: string) => session.fetch(url),
    ]) {
      const response = await fetcher(path);
      // A single-fetch redirect (to sign in) is a 202 with the target inside.
      expect(
        path.endsWith(".data") ? [202, 400, 404] : [302, 400, 404],
        `${path} answered ${response.status}`,
      ).toContain(response.status);
      if (response.status === 404 && !path.endsWith(".data"))
        expect(await response.text(), path).toContain(common.errors.notFound.subtitle);
    }
  }
  const negotiate = await session.fetch("/hubs/%ff/negotiate", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
  });
  expect(negotiate.status).toBeLessThan(500);
  expect(negotiate.status).toBeGreaterThanOrEqual(400);
});

/** A raw HTTP/1.1 request, for what fetch will not send: odd Hosts and request targets. */
function rawRequest(head: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(e2ePorts.console, "127.0.0.1", () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (part: string) => (answer += part));
    socket.on("end", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on("error", reject);
  });
}

test("a Host or request target that names no origin is a 400, not a 500", async () => {
  const heads = [
    "GET /login HTTP/1.1\r\nHost: evil.example/path",
    "GET /login HTTP/1.1\r\nHost: user@evil.example",
    "GET /login HTTP/1.1\r\nHost: a b",
    "GET /login HTTP/1.1\r\nHost: 127.0.0.1:99999",
    "GET /login HTTP/1.1\r\nHost:",
    "GET /login HTTP/1.0",
    "GET http://evil.example/login HTTP/1.1\r\nHost: evil.example",
    "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1",
    `POST /login HTTP/1.1\r\nHost: evil.example/x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 12\r\n\r\nredirectTo=/`,
  ];
  for (const head of heads) {
    const status = await rawRequest(head);
    expect(status, head).toBeGreaterThanOrEqual(400);
    expect(status, head).toBeLessThan(500);
  }
});

test.describe("behind a reverse proxy that rewrites Host", () => {
  const missing = missingPrograms("nginx");
  test.skip(missing !== null, missing ?? "");
  let directory: string;
  let nginx: ChildProcess;
  let proxyUrl: string;

  test.beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "console-nginx-"));
    const port = await freePort();
    proxyUrl = `http://127.0.0.1:${port}`;
    // What a typical deployment writes, with the one twist under test: the console is reached
    // under an internal name, so Host is not what the browser used.
    await writeFile(
      join(directory, "nginx.conf"),
      nginxConfiguration(directory, {
        workerConnections: 64,
        http: `  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${e2ePorts.console};
      proxy_http_version 1.1;
      proxy_redirect off;
      proxy_set_header Host console-backend.internal;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
    }
  }
`,
      }),
    );
    const nginxArgs = ["-p", directory, "-c", join(directory, "nginx.conf"), "-g", "daemon off;"];
    nginx = spawn(requireSystemProgram("nginx"), nginxArgs, { stdio: "inherit" });
    await expect(async () => expect((await fetch(`${proxyUrl}/healthz`)).status).toBe(200)).toPass({ timeout: 15_000 });
  });

  test.afterAll(async () => {
    nginx?.kill("SIGTERM");
    await new Promise((resolve) => (nginx.exitCode !== null ? resolve(null) : nginx.once("exit", resolve)));
    await rm(directory, { recursive: true, force: true });
  });

  test("signing in, renaming a station and opening live updates work through the proxy", async () => {
    const proxied = await signInToConsole(proxyUrl, "admin");
    const proxyOrigin = new URL(proxyUrl).origin;

    const renamed = await proxied.fetch("/stations/MCS-0042?index", {
      method: "POST",
      body: new URLSearchParams({ intent: "rename", name: "Proxied Hall" }),
    });
    expect(renamed.status).toBe(302);
    expect(await (await proxied.fetch("/stations/MCS-0042")).text()).toContain('value="Proxied Hall"');
    // The origin check knows the browser's origin, not the rewritten Host.
    const foreign = await proxied.fetch("/stations/MCS-0042?index", {
      method: "POST",
      headers: { origin: "http://console-backend.internal" },
      body: new URLSearchParams({ intent: "rename", name: "x" }),
    });
    expect(foreign.status).toBe(403);

    const negotiate = await proxied.fetch("/hubs/stationsHub/negotiate?negotiateVersion=1", {
      method: "POST",
      headers: { origin: proxyOrigin },
    });
    expect(negotiate.status).toBe(200);
    const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
    const socket = new WebSocket(`${proxyUrl.replace("http", "ws")}/hubs/stationsHub?id=${connectionToken}`, {
      headers: { origin: proxyOrigin, cookie: proxied.cookie },
    });
    const handshake = await new Promise<string>((resolve, reject) => {
      socket.once("open", () => socket.send('{"protocol":"json","version":1}\u001e'));
      socket.once("message", (data) => resolve(String(data)));
      socket.once("unexpected-response", (_request, response) =>
        reject(new Error(`upgrade answered ${response.statusCode}`)),
      );
      socket.once("error", reject);
    });
    socket.close();
    expect(handshake).toBe("{}\u001e");
  });
});
