// Issue 11, item 1, as the attack: a signed-in Moderator opens the console's hub bridge itself
// (no browser page needed) to read what only Admins may see, and a socket opened before its
// session ends tries to go on listening.
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { WebSocket } from "ws";
import type { HubName } from "../app/contract/hubs";
import { managerPaths } from "../app/contract/paths";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { expect, simulator, test } from "./support/fixtures";
import { consoleUrl, e2eDataDirectory } from "./support/ports";

const origin = new URL(consoleUrl).origin;
const recordSeparator = "\u001e";
const refusedForModerators: HubName[] = ["statisticsHub", "systemEventsHub", "updaterHub", "appCustomizationHub"];

function negotiate(session: ConsoleSession, hub: HubName) {
  return session.fetch(`/hubs/${hub}/negotiate?negotiateVersion=1`, { method: "POST" });
}

/** The status of a WebSocket upgrade to the bridge, 101 when it opened. */
function upgradeStatus(session: ConsoleSession, hub: HubName) {
  return new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(`${origin.replace("http", "ws")}/hubs/${hub}?id=x`, {
      headers: { cookie: session.cookie, origin },
    });
    socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    socket.on("open", () => {
      socket.close();
      resolve(101);
    });
    socket.on("error", reject);
  });
}

interface OpenHub {
  socket: WebSocket;
  frames: string[];
  /** Resolves with the first frame that contains the text. */
  frameWith(text: string): Promise<string>;
  closed: Promise<number>;
}

/** Negotiates and opens a hub through the console as the browser's SignalR client does. */
async function openHub(session: ConsoleSession, hub: HubName): Promise<OpenHub> {
  const negotiation = await negotiate(session, hub);
  expect(negotiation.status, `negotiate ${hub}`).toBe(200);
  const { connectionToken } = (await negotiation.json()) as { connectionToken: string };
  const socket = new WebSocket(
    `${origin.replace("http", "ws")}/hubs/${hub}?id=${encodeURIComponent(connectionToken)}`,
    {
      headers: { cookie: session.cookie, origin },
    },
  );
  const frames: string[] = [];
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  socket.on("message", (data) => frames.push(String(data)));
  const frameWith = (text: string) =>
    new Promise<string>((resolve) => {
      const check = () => {
        const frame = frames.find((candidate) => candidate.includes(text));
        if (!frame) return;
        socket.off("message", check);
        resolve(frame);
      };
      socket.on("message", check);
      check();
    });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  const handshake = frameWith("{}");
  socket.send(JSON.stringify({ protocol: "json", version: 1 }) + recordSeparator);
  await handshake;
  return { socket, frames, frameWith, closed };
}

/** Resolves with the close code, or null when the socket is still open after the time given. */
function closedWithin(hub: OpenHub, milliseconds: number) {
  return Promise.race([hub.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), milliseconds))]);
}

/** The session id inside the signed `__session` cookie (base64 of its JSON, then the signature). */
function sessionIdOf(session: ConsoleSession) {
  const value = decodeURIComponent(/__session=([^;]+)/.exec(session.cookie)![1]!);
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as string;
}

test("a Moderator is refused the hubs of admin pages, at negotiate and at upgrade", async () => {
  const moderator = await signInToConsole(consoleUrl, "moderator");
  for (const hub of refusedForModerators) {
    expect((await negotiate(moderator, hub)).status, `negotiate ${hub}`).toBe(403);
    expect(await upgradeStatus(moderator, hub), `upgrade ${hub}`).toBe(403);
  }
  // The hubs of the App view and the moderation pages stay open to them.
  for (const hub of ["stationsHub", "moderationHub"] as const)
    expect((await negotiate(moderator, hub)).status, hub).toBe(200);
});

test("a Moderator receives no PIN and no fingerprint on the hubs it may use", async () => {
  const moderator = await signInToConsole(consoleUrl, "moderator");
  const admin = await signInToConsole(consoleUrl, "admin");
  const hubs = {
    moderatorStations: await openHub(moderator, "stationsHub"),
    moderatorModeration: await openHub(moderator, "moderationHub"),
    adminStations: await openHub(admin, "stationsHub"),
  };
  const pin = "582913";
  const seen = [
    hubs.moderatorStations.frameWith("StationChanged"),
    hubs.moderatorStations.frameWith("ChannelChanged"),
    hubs.moderatorModeration.frameWith("ModerationChannelChanged"),
    hubs.adminStations.frameWith(pin),
  ];
  // An Admin sets a channel PIN: the Manager pushes the full station and channel.
  await simulator.api("admin", "POST", managerPaths.pinCode("MCS-0042", 1), { pin });
  await Promise.all(seen);

  // The Admin's socket carries the PIN and the fingerprint: the Moderator's would, unfiltered.
  expect(hubs.adminStations.frames.join("")).toContain(pin);
  expect(hubs.adminStations.frames.join("")).toContain("fingerprint");
  for (const hub of [hubs.moderatorStations, hubs.moderatorModeration]) {
    const received = hub.frames.join("");
    expect(received).toContain("MCS-0042");
    expect(received).not.toContain(pin);
    expect(received).not.toMatch(/pinCode|fingerprint|accessOptions|singleChannelListId|10\.10\.20\.42/);
  }
  for (const hub of Object.values(hubs)) hub.socket.close();
});

test("a hub socket opened before sign-out is closed within 5 s after it", async () => {
  const owner = await signInToConsole(consoleUrl, "owner");
  const hub = await openHub(owner, "stationsHub");
  const signOut = await owner.fetch("/logout", { method: "POST", body: new URLSearchParams() });
  expect(signOut.headers.get("location")?.startsWith(`${consoleUrl}/oidc/session/end?`)).toBe(true);
  expect(await closedWithin(hub, 5000)).not.toBeNull();
});

test("a hub socket whose session ended elsewhere is closed within 5 s", async () => {
  const owner = await signInToConsole(consoleUrl, "owner");
  const hub = await openHub(owner, "moderationHub");
  // Another console process signs the session out: its row is gone from the shared store.
  const database = new DatabaseSync(join(e2eDataDirectory, "console", "sessions.sqlite"));
  try {
    database.exec("PRAGMA busy_timeout = 5000");
    expect(database.prepare("DELETE FROM sessions WHERE id = ?").run(sessionIdOf(owner)).changes).toBe(1);
  } finally {
    database.close();
  }
  expect(await closedWithin(hub, 5000)).not.toBeNull();
  expect((await negotiate(owner, "moderationHub")).status).toBe(401);
});
