// Issue 37, item 2 (Show): the App view's data comes from the console's copy of the app view, kept
// current from the stations hub (docs/decisions/072-the-app-view-kept-from-the-hubs.md), and is
// never older than the live updates a user sees. A browser's live update is the push the console's
// hub bridge relays to it: the test listens as a browser does, and the moment a rename through the
// Manager reaches it, the App view's data already has the new name — served from the copy (the
// console's metrics say which), not read again from the Manager. So too after the hubs drop and
// reconnect, and after a push nobody heard (the hubs down while the rename happened). A copy
// filled with a Moderator's session serves Moderators only; an Admin's serves every role, each
// page cut to its role's view.
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from "@microsoft/signalr";
import { managerPaths } from "../app/contract/paths";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { expect, simulator, test } from "./support/fixtures";
import { startOwnConsole, type OwnConsole } from "./support/own-console";
import { consoleUrl, e2eMetricsToken } from "./support/ports";

/** The sum of the console's lines of that metric whose labels include all those given. */
async function metric(name: string, labels: Record<string, string>, url = consoleUrl) {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${e2eMetricsToken}` } });
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  return (await response.text())
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) && wanted.every((label) => line.includes(label)))
    .reduce((sum, line) => sum + Number(line.split(" ").pop()), 0);
}

type Scope = "full" | "reduced";
const copies = (state: string, scope?: Scope, url = consoleUrl) =>
  metric("console_venue_copies", { copy: "appView", state, ...(scope ? { scope } : {}) }, url);
const liveCopies = (url = consoleUrl, scope?: Scope) => copies("live", scope, url);
const allCopies = async (url = consoleUrl, scope?: Scope) =>
  (await copies("live", scope, url)) +
  (await copies("connecting", scope, url)) +
  (await copies("catchingUp", scope, url));
const served = (from: "copy" | "manager", url = consoleUrl, scope?: Scope) =>
  metric("console_venue_copy_served_total", { copy: "appView", from, ...(scope ? { scope } : {}) }, url);
const reconnectReads = () => metric("console_venue_copy_full_reads_total", { copy: "appView", reason: "reconnect" });

/** The stations hub through the console's bridge, as a signed-in browser follows it. */
async function followAsBrowser(session: ConsoleSession) {
  const connection = new HubConnectionBuilder()
    .withUrl(`${consoleUrl}/hubs/stationsHub`, {
      transport: HttpTransportType.WebSockets,
      headers: { cookie: session.cookie, origin: new URL(consoleUrl).origin },
    })
    .withAutomaticReconnect([0, 200, 500, 1000, 2000])
    .configureLogging(LogLevel.None)
    .build();
  const names: string[] = [];
  const waiting = new Set<() => void>();
  connection.on("StationChanged", (station: { name: string | null }) => {
    names.push(station.name ?? "");
    for (const notify of [...waiting]) notify();
  });
  await connection.start();
  return {
    connection,
    /** Resolves when a pushed station carries the name (already or later). */
    pushedName: (name: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!names.includes(name)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
  };
}

async function appViewData(session: ConsoleSession) {
  const response = await session.fetch("/appView.data");
  expect(response.status).toBe(200);
  return response.text();
}

function rename(serialNumber: string, name: string) {
  return simulator.api("admin", "PUT", managerPaths.updateName(serialNumber), { name });
}

/** Opens the App view until the copy is live (the first request starts it with the admin's session). */
async function untilLive(session: ConsoleSession, url = consoleUrl) {
  await expect
    .poll(async () => {
      await appViewData(session);
      return liveCopies(url);
    })
    .toBe(1);
}

test("a rename through the Manager is in the App view's copy by the time a browser's live update comes, also after a reconnect and a missed push", async () => {
  const admin = await signInToConsole(consoleUrl, "admin");
  await untilLive(admin);
  const browser = await followAsBrowser(admin);
  try {
    const steps = [
      { name: "Main Hall (renamed)", before: async () => {} },
      {
        name: "Main Hall (after the hubs dropped)",
        before: async () => {
          const reads = await reconnectReads();
          await simulator.hubs("drop");
          await expect.poll(reconnectReads).toBeGreaterThan(reads);
          await expect.poll(liveCopies).toBe(1);
          await expect.poll(() => browser.connection.state).toBe(HubConnectionState.Connected);
        },
      },
    ];
    for (const step of steps) {
      await step.before();
      const fromCopy = await served("copy");
      const fromManager = await served("manager");
      await rename("MCS-0042", step.name);
      await browser.pushedName(step.name);
      expect(await appViewData(admin)).toContain(step.name);
      expect(await served("copy")).toBe(fromCopy + 1);
      expect(await served("manager")).toBe(fromManager);
    }

    // Nobody hears this rename: while the hubs are away, pages read the Manager themselves.
    await simulator.hubs("down");
    await expect.poll(liveCopies).toBe(0);
    await rename("MCS-0042", "Main Hall (while nobody listened)");
    const fromManager = await served("manager");
    expect(await appViewData(admin)).toContain("Main Hall (while nobody listened)");
    expect(await served("manager")).toBe(fromManager + 1);
    await simulator.hubs("up");
    await untilLive(admin);
    const fromCopy = await served("copy");
    expect(await appViewData(admin)).toContain("Main Hall (while nobody listened)");
    expect(await served("copy")).toBe(fromCopy + 1);
  } finally {
    await browser.connection.stop();
  }
});

test.describe("roles", () => {
  // A console of its own: no copy yet, so who starts which copy and whose session it borrows is known.
  let own: OwnConsole;
  test.beforeAll(async () => {
    own = await startOwnConsole({ SIMULATOR_RESEED: "true", METRICS_TOKEN: e2eMetricsToken });
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  test("a Moderator's copy serves Moderators only, an Admin's serves every role cut to its view", async () => {
    const { url } = own;
    const moderator = await signInToConsole(url, "moderator");
    const managerReads = await served("manager", url);
    expect(await appViewData(moderator)).toContain("Q&A Microphone");
    expect(await served("manager", url)).toBe(managerReads + 1);
    // On failure, the console's lines about its copies say why the copy is not there.
    const copyLines = () =>
      own
        .output()
        .split("\n")
        .filter((line) => line.includes("copy"))
        .join("\n");
    // The copy's gauge is read through the workers' summed metrics: wait for it, read nothing more.
    await expect.poll(() => allCopies(url, "reduced"), { message: copyLines() }).toBe(1);
    await untilLive(moderator, url);
    const fromModeratorCopy = await served("copy", url, "reduced");
    expect(await appViewData(moderator)).toContain("Q&A Microphone");
    expect(await served("copy", url, "reduced")).toBe(fromModeratorCopy + 1);

    // What the Manager answered a Moderator never reaches an Admin's page: the Admin reads the
    // Manager and starts a copy of their own.
    const admin = await signInToConsole(url, "admin");
    const beforeAdmin = await served("manager", url);
    expect(await appViewData(admin)).toContain("Main Hall – English");
    expect(await served("manager", url)).toBe(beforeAdmin + 1);
    expect(await served("copy", url, "reduced")).toBe(fromModeratorCopy + 1);
    await expect
      .poll(async () => {
        await appViewData(admin);
        return liveCopies(url, "full");
      })
      .toBe(1);
    const fromFull = await served("copy", url, "full");
    expect(await appViewData(admin)).toContain("Main Hall – English");
    const moderatorData = await appViewData(moderator);
    expect(await served("copy", url, "full")).toBe(fromFull + 2);
    expect(await served("copy", url, "reduced")).toBe(fromModeratorCopy + 1);
    // The Admin's copy cut to a Moderator's view: the channels with an audience mic, no PIN.
    expect(moderatorData).toContain("Q&A Microphone");
    expect(moderatorData).not.toContain("Main Hall – English");
    expect(moderatorData).not.toContain("482913");

    // The full copy ends with the Admin's session; Moderators go back to theirs.
    const signedOut = await admin.fetch("/logout", { method: "POST", body: new URLSearchParams(), redirect: "manual" });
    expect(signedOut.status).toBeLessThan(400);
    await expect.poll(() => allCopies(url, "full")).toBe(0);
    expect(await appViewData(moderator)).toContain("Q&A Microphone");
    expect(await served("copy", url, "reduced")).toBe(fromModeratorCopy + 2);
  });
});
