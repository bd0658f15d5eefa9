// Who may do what, at the HTTP level: every page and every action intent of the console, tried
// signed out, as a Moderator, an Admin and an Owner, against the permission table
// (app/auth/permissions.ts). A refused request must leave the Manager's data as it was.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { permissions, type PermissionAction } from "../app/domain/permissions";
import { managerPaths } from "../app/contract/paths";
import type { SystemSettings } from "../app/contract/settings";
import type { Station } from "../app/contract/stations";
import { backupHeader, backupStationOf } from "../app/domain/venue-backup";
import { pngImage } from "../tests/console/image-fixtures";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { expect, simulator, test } from "./support/fixtures";
import { consoleUrl } from "./support/ports";

const commonTexts = JSON.parse(readFileSync(new URL("../public/locales/en/common.json", import.meta.url), "utf8")) as {
  errors: { forbidden: { title: string; subtitle: string } };
  server: { signInFirst: string };
};
const forbiddenPage = commonTexts.errors.forbidden;
/** The refusal's first sentence (the rest names the limit). */
const signInFirst = commonTexts.server.signInFirst.split(":")[0]!;

/** Ids of the default fleet an allowed user's form would carry (looked up, not hard-coded). */
interface Seed {
  validToken: string;
  expiredToken: string;
  dismissableEvent: string;
  heldFingerprint: string;
  mainHallEnglish: string;
  questionChannel: string;
  logo: Blob;
  /** A venue backup of Main Hall under another name: restoring it renames the station. */
  venueBackup: string;
}

interface Row {
  /** The route module in app/routes that answers. */
  route: string;
  method: "GET" | "POST";
  path: string;
  intent?: string;
  /** The permission action the request needs; "signedIn" when any signed-in user may. */
  needs: PermissionAction | "signedIn";
  /** What an allowed user sends besides the intent: a real change, so a refusal that let it through would show. */
  fields?: (seed: Seed) => Record<string, string | Blob>;
  multipart?: boolean;
  /** The statuses an allowed user may get (default: 200 for a page, 200/302/303/400 for a post). */
  allowedAnswers?: number[];
  /** The admin's request changes the Manager's data: proves the payload is one a refusal must stop. */
  changes?: boolean;
  /** Brings the default fleet (and the visitor's kept state) into the state the request is about. */
  arrange?: (visitor: Visitor) => Promise<unknown>;
}

const page = (route: string, path: string, needs: Row["needs"], extra: Partial<Row> = {}): Row => ({
  route,
  method: "GET",
  path,
  needs,
  ...extra,
});
const post = (
  route: string,
  path: string,
  intent: string | undefined,
  needs: Row["needs"],
  extra: Partial<Row> = {},
): Row => ({
  route,
  method: "POST",
  path,
  intent,
  needs,
  ...extra,
});

const general = "_app.stations.$serialNumber._index";
const network = "_app.stations.$serialNumber.network";
const firmware = "_app.stations.$serialNumber.firmware";
const channel = "_app.stations.$serialNumber_.channels.$channelIndex";
const moderation = "_app.moderation.$stationSerialNumber.$index";
const customization = "_app.appCustomization";
const bulk = "_app.stations.bulk";
const rollouts = "_app.firmware.rollouts._index";
const rollout = "_app.firmware.rollouts.$rolloutId";
const listening = "_app.listening._index";
const listeningEvents = "_app.listening.events._index";
const listeningEvent = "_app.listening.events.$eventId";

const dynamicInterfaces = { "control.mode": "Dynamic", "streaming.mode": "Dynamic" };
const customizationDraft = {
  isActive: "on",
  backgroundColor: "123456",
  highlightColor: "FFCC00",
  fontColor: "light",
  onboardingCount: "1",
  "onboardings[0].headline": "Welcome",
  "onboardings[0].text": "Pick a channel",
};

const inventory: Row[] = [
  page("_index", "/", "signedIn", { allowedAnswers: [302] }),
  page("_app.dashboard", "/dashboard", "dashboard.show"),
  page("systemEvents.download", "/systemEvents/download", "dashboard.show"),
  post("_app.dashboard", "/dashboard", "dismissEvent", "systemEvents.dismiss", {
    fields: (seed) => ({ eventId: seed.dismissableEvent }),
    changes: true,
  }),
  post("_app.dashboard", "/dashboard", "dismissAllEvents", "systemEvents.dismiss", { changes: true }),

  page("_app.stations._index", "/stations", "stations.show"),
  post("_app.stations._index", "/stations?index", "accept", "stations.authorize", {
    fields: (seed) => ({ serialNumber: "MCS-0047", fingerprint: seed.heldFingerprint }),
    changes: true,
  }),
  post("_app.stations._index", "/stations?index", "reject", "stations.authorize", {
    fields: () => ({ serialNumber: "MCS-0047" }),
    changes: true,
  }),
  post("_app.stations._index", "/stations?index", "clearRejected", "stations.authorize", { changes: true }),
  // Choosing stations for a bulk action (issue 27): nothing changes at the Manager.
  post("_app.stations._index", "/stations?index", "choose", "stations.edit", {
    fields: () => ({ shown: JSON.stringify(["MCS-0042"]), chosen: "MCS-0042" }),
  }),
  post("_app.stations._index", "/stations?index", "chooseAll", "stations.edit", { fields: () => ({ q: "MCS" }) }),
  post("_app.stations._index", "/stations?index", "clearChoice", "stations.edit"),
  // A bulk action's confirmation and its intents, each with the permission of the action on one
  // station. Without a confirmed choice nothing is done: the refusals are what these rows prove.
  page(bulk, "/stations/bulk?action=reboot", "stations.edit"),
  page(bulk, "/stations/bulk?action=remove", "stations.edit"),
  page(bulk, "/stations/bulk?action=accept", "stations.authorize"),
  page(bulk, "/stations/bulk?action=reject", "stations.authorize"),
  page(bulk, "/stations/bulk?action=updateFirmware", "firmware.update"),
  post(bulk, "/stations/bulk?action=reboot", "bulkReboot", "stations.edit"),
  post(bulk, "/stations/bulk?action=remove", "bulkRemove", "stations.edit"),
  post(bulk, "/stations/bulk?action=accept", "bulkAccept", "stations.authorize"),
  post(bulk, "/stations/bulk?action=reject", "bulkReject", "stations.authorize"),
  post(bulk, "/stations/bulk?action=updateFirmware", "bulkUpdateFirmware", "firmware.update", {
    fields: () => ({ eulaAccepted: "on" }),
  }),

  // Firmware rollouts (issue 27): an admin's start without the EULA is refused by the form, so
  // no rollout runs; a rollout that does not exist is a 404 to pause, resume or cancel.
  page(rollouts, "/firmware/rollouts", "stations.edit"),
  post(rollouts, "/firmware/rollouts?index", "startRollout", "stations.edit", {
    fields: () => ({ source: "needUpdate", firstWaveSize: "1", waveSize: "5" }),
  }),
  page(rollout, "/firmware/rollouts/999999", "stations.edit", { allowedAnswers: [404] }),
  post(rollout, "/firmware/rollouts/999999", "pauseRollout", "stations.edit", { allowedAnswers: [404] }),
  post(rollout, "/firmware/rollouts/999999", "resumeRollout", "stations.edit", { allowedAnswers: [404] }),
  post(rollout, "/firmware/rollouts/999999", "cancelRollout", "stations.edit", { allowedAnswers: [404] }),
  // Listener history (issue 35): Admins and Owners only; a Moderator sees the live counts and
  // nothing of the history. An event that does not exist is a 404 to read; a change to it lands
  // on the events list.
  page(listening, "/listening", "listening.show"),
  page(listening, "/listening?range=week&station=MCS-0042", "listening.show"),
  page(listeningEvents, "/listening/events", "listening.show"),
  post(listeningEvents, "/listening/events?index", "createEvent", "listening.edit", {
    fields: () => ({ title: "Evening concert", startsAt: "2026-11-01T19:00", endsAt: "2026-11-01T21:00" }),
  }),
  post(listeningEvents, "/listening/events?index", "startEvent", "listening.edit", {
    fields: () => ({ title: "Sunday service" }),
  }),
  page(listeningEvent, "/listening/events/999999", "listening.show", { allowedAnswers: [404] }),
  post(listeningEvent, "/listening/events/999999", "updateEvent", "listening.edit", {
    fields: () => ({ title: "Renamed", startsAt: "2026-11-01T19:00" }),
  }),
  post(listeningEvent, "/listening/events/999999", "endEvent", "listening.edit"),
  post(listeningEvent, "/listening/events/999999", "deleteEvent", "listening.edit"),
  page("listening.events.$eventId.print", "/listening/events/999999/print", "listening.show", {
    allowedAnswers: [404],
  }),
  page("listening.events.$eventId.report[.csv]", "/listening/events/999999/report.csv", "listening.show", {
    allowedAnswers: [404],
  }),

  // Alerts: forms an allowed user sends with a refusable value or an id that is not there, so the
  // alerts of the tests after this one are not changed by it.
  page("_app.alerts._index", "/alerts", "alerts.show"),
  page("_app.alerts._index", "/alerts?state=all&page=2", "alerts.show"),
  post("_app.alerts._index", "/alerts?index", "acknowledge", "alerts.acknowledge", {
    fields: () => ({ alertId: "999999" }),
  }),
  page("alerts.bar", "/alerts/bar", "alerts.show"),
  page("_app.alerts.rules", "/alerts/rules", "alerts.edit"),
  post("_app.alerts.rules", "/alerts/rules", "createRule", "alerts.edit", {
    fields: () => ({ kind: "stationStopped", graceSeconds: "-1", stations: "" }),
  }),
  post("_app.alerts.rules", "/alerts/rules", "deleteRule", "alerts.edit", { fields: () => ({ ruleId: "999999" }) }),
  page("_app.alerts.destinations", "/alerts/destinations", "alerts.edit"),
  post("_app.alerts.destinations", "/alerts/destinations", "createDestination", "alerts.edit", {
    fields: () => ({ name: "Pager", url: "http://127.0.0.1:9/hook", secret: "too short" }),
  }),
  post("_app.alerts.destinations", "/alerts/destinations", "createEmailDestination", "alerts.edit", {
    fields: () => ({ name: "Desk", email: "not an address", language: "en" }),
  }),
  post("_app.alerts.destinations", "/alerts/destinations", "removeDestination", "alerts.edit", {
    fields: () => ({ destinationId: "999999" }),
  }),
  post("_app.alerts.destinations", "/alerts/destinations", "sendTest", "alerts.edit", {
    fields: () => ({ destinationId: "999999" }),
  }),
  page("_app.alerts.deliveries", "/alerts/deliveries", "alerts.edit"),

  page(general, "/stations/MCS-0042", "stations.show"),
  post(general, "/stations/MCS-0042?index", "rename", "stations.edit", {
    fields: () => ({ name: "Renamed" }),
    changes: true,
  }),
  post(general, "/stations/MCS-0042?index", "saveAudio", "stations.edit", {
    fields: () => ({
      channelMode: "Mono",
      inputConnector: "Digital",
      digitalInputType: "Optical",
      analogInputLevel: "LoGain",
      latencyMode: "Manual",
      latencyMs: "250",
    }),
    changes: true,
  }),
  post(general, "/stations/MCS-0042?index", "saveNoiseGate", "stations.edit", {
    fields: () => ({ thresholdDb: "-30" }),
    changes: true,
  }),
  post(general, "/stations/MCS-0042?index", "saveOutput", "stations.edit", {
    fields: () => ({ level: "Minus10dBV", gainDb: "6" }),
    changes: true,
  }),
  post(general, "/stations/MCS-0042?index", "changeMode", "stations.edit", {
    fields: () => ({ useCaseMode: "1" }),
    changes: true,
  }),
  post(general, "/stations/MCS-0042?index", "reboot", "stations.edit", { changes: true }),
  post(general, "/stations/MCS-0042?index", "factoryReset", "stations.edit", { changes: true }),
  post(general, "/stations/MCS-0042?index", "remove", "stations.edit", { changes: true }),

  page(network, "/stations/MCS-0042/network", "stations.show"),
  post(network, "/stations/MCS-0042/network", "saveNetwork", "stations.edit", {
    fields: () => dynamicInterfaces,
    changes: true,
  }),
  post(network, "/stations/MCS-0042/network", "saveDnsDiscovery", "stations.edit", {
    fields: () => ({ managerIpAddress: "10.10.20.5" }),
    changes: true,
  }),
  page("_app.stations.$serialNumber.log", "/stations/MCS-0042/log", "stations.show"),
  page(firmware, "/stations/MCS-0042/firmware", "stations.show"),
  post(firmware, "/stations/MCS-0042/firmware", "startUpdate", "firmware.update", {
    fields: () => ({ firmwareId: "mcs-200-6.10.0", eulaAccepted: "on" }),
    changes: true,
  }),
  post(firmware, "/stations/MCS-0042/firmware", "syncMetadata", "firmware.update"),

  page(channel, "/stations/MCS-0042/channels/1", "stations.show"),
  post(channel, "/stations/MCS-0042/channels/1", "saveDetails", "stations.edit", {
    fields: () => ({ confirmed: "yes", name: "Renamed channel", input: "1", isEnabled: "on" }),
    changes: true,
  }),
  post(channel, "/stations/MCS-0042/channels/1", "reviewDetails", "stations.edit", {
    fields: () => ({ name: "Renamed channel", input: "1" }),
  }),
  post(channel, "/stations/MCS-0042/channels/1", "savePin", "stations.edit", {
    fields: () => ({ confirmed: "yes", pinEnabled: "on", pin: "123456" }),
    changes: true,
  }),
  post(channel, "/stations/MCS-0042/channels/1", "reviewPin", "stations.edit", {
    fields: () => ({ pinEnabled: "on", pin: "123456" }),
  }),
  post(channel, "/stations/MCS-0042/channels/1", "regenerateAccess", "stations.edit", { changes: true }),
  post(channel, "/stations/MCS-0042/channels/1", "playTestTone", "stations.edit"),
  post(channel, "/stations/MCS-0042/channels/1", "stopTestTone", "stations.edit"),
  page(
    "_app.stations.$serialNumber_.channels.$channelIndex_.qrcode.$format",
    "/stations/MCS-0042/channels/1/qrcode/svg",
    "stations.show",
  ),
  page(
    "_app.stations.$serialNumber_.channels.$channelIndex_.qrcode.$format",
    "/stations/MCS-0042/channels/1/qrcode/png",
    "stations.show",
  ),

  page("_app.appView", "/appView", "appView.show"),
  page("appView.qrcode.$serialNumber.$channelIndex", "/appView/qrcode/MCS-0042/1?format=svg", "appView.preview"),
  // Signs to print: the App view's QR codes and branding; PINs only for those who see them on the channel's page.
  page("appView.signs", "/appView/signs", "appView.preview"),
  page("appView.signs", "/appView/signs?station=MCS-0042&channel=2&layout=a6&language=both", "appView.preview"),
  page("appView.signs", "/appView/signs?pins=1", "stations.show"),
  post("_app.appView", "/appView", "moveChannel", "appView.sort", {
    fields: (seed) => ({ channelId: seed.mainHallEnglish, position: "3" }),
    changes: true,
  }),
  post("_app.appView", "/appView", "setAudienceMicMuted", "appView.muteAudienceMic", {
    fields: (seed) => ({ channelId: seed.questionChannel, muted: "true" }),
    changes: true,
  }),

  page("_app.moderation._index", "/moderation", "moderation.show"),
  page(moderation, "/moderation/MCS-0043/1", "moderation.show"),
  post(moderation, "/moderation/MCS-0043/1", "nextSpeaker", "moderation.edit", {
    fields: () => ({ seenSpeaker: "0" }),
    changes: true,
  }),
  post(moderation, "/moderation/MCS-0043/1", "muteSpeaker", "moderation.edit", {
    fields: () => ({ speakerIndex: "0", mute: "true" }),
    changes: true,
  }),
  post(moderation, "/moderation/MCS-0043/1", "clearSpeakers", "moderation.edit", { changes: true }),
  post(moderation, "/moderation/MCS-0043/1", "saveSettings", "moderation.edit", {
    fields: () => ({ name: "Questions", pinCode: "654321", uplinkEnabled: "on", isQueueEnabled: "on" }),
    changes: true,
  }),

  page("_app.settings", "/settings", "settings.show"),
  post("_app.settings", "/settings", "reviewDnsConfig", "settings.dnsConfig", {
    fields: () => ({ managerIpAddress: "10.10.20.5" }),
  }),
  post("_app.settings", "/settings", "saveDnsConfig", "settings.dnsConfig", {
    fields: () => ({ managerIpAddress: "10.10.20.5" }),
    changes: true,
  }),

  page("_app.apiTokens", "/apiTokens", "apiTokens.show"),
  post("_app.apiTokens", "/apiTokens", "createToken", "apiTokens.edit", {
    fields: () => ({ name: "Created by the test", expiryPreset: "oneMonth", scopes: "stations.read" }),
    changes: true,
  }),
  post("_app.apiTokens", "/apiTokens", "revokeToken", "apiTokens.edit", {
    fields: (seed) => ({ tokenId: seed.validToken }),
    changes: true,
  }),
  post("_app.apiTokens", "/apiTokens", "deleteToken", "apiTokens.edit", {
    fields: (seed) => ({ tokenId: seed.expiredToken }),
    changes: true,
  }),

  page("_app.settings_.backup", "/settings/backup", "settings.show"),
  page("settings.backup.download", "/settings/backup/download", "settings.show"),
  page("_app.settings_.restore", "/settings/restore", "settings.show"),
  post("_app.settings_.restore", "/settings/restore", "preview", "settings.dnsConfig", {
    fields: (seed) => ({ document: seed.venueBackup }),
    multipart: true,
  }),
  post("_app.settings_.restore", "/settings/restore", "apply", "settings.dnsConfig", {
    // The apply names the backup its visitor's upload keeps on the server, and the preview's digest.
    arrange: keepRestorePreview,
    fields: () => ({
      ...restorePreview,
      "target:MCS-0042": "MCS-0042",
      "previewed:MCS-0042": "MCS-0042",
      shown: "MCS-0042/name",
      item: "MCS-0042/name",
    }),
    multipart: true,
    changes: true,
  }),

  page("_app.auditLog", "/auditLog", "auditLog.show"),
  page("auditLog.download", "/auditLog/download", "auditLog.show"),

  page(customization, "/appCustomization", "appCustomization.show"),
  post(customization, "/appCustomization", "save", "appCustomization.edit", {
    fields: (seed) => ({ ...customizationDraft, logoFile: seed.logo }),
    multipart: true,
    changes: true,
  }),
  post(customization, "/appCustomization", "reset", "appCustomization.edit", {
    arrange: storeCustomization,
    multipart: true,
    changes: true,
  }),
  // Edits of the draft, which only the next save writes.
  ...[
    "upload",
    "undo",
    "addScreen",
    "resetLogo",
    "resetColours",
    "deleteScreen:0",
    "moveScreen:0:1",
    "removePicture:0",
  ].map((intent) =>
    post(customization, "/appCustomization", intent, "appCustomization.edit", {
      fields: () => customizationDraft,
      multipart: true,
    }),
  ),
  // Sends one chosen image (with JavaScript).
  post("appCustomization.image", "/appCustomization/image", undefined, "appCustomization.edit", {
    fields: (seed) => ({ kind: "logo", file: seed.logo }),
    multipart: true,
  }),
];

/** Route modules without rows of their own, and why. */
const routesWithoutRows: Record<string, string> = {
  $: "the not-found page, for everyone",
  login: "signing in, for everyone",
  callback: "signing in, for everyone",
  logout: "signing out, for everyone",
  preferences: "colour scheme and language cookies, for everyone",
  _app: "the signed-in shell around every page with a row",
  "_app.stations.$serialNumber": "the station tabs' layout, loaded with every tab's row",
};

type Visitor = "signedOut" | "moderator" | "admin" | "owner";
const visitors: Visitor[] = ["signedOut", "moderator", "admin", "owner"];
const roleOf = { moderator: "Moderator", admin: "Admin", owner: "Owner" } as const;

const sessions = new Map<Visitor, ConsoleSession>();
let seed: Seed;

function label(row: Row) {
  return `${row.method} ${row.path}${row.intent ? ` intent=${row.intent}` : ""}`;
}

function isAllowed(row: Row, visitor: Exclude<Visitor, "signedOut">) {
  if (row.needs === "signedIn") return true;
  return (permissions[row.needs] as readonly string[]).includes(roleOf[visitor]);
}

function body(row: Row) {
  const entries = Object.entries({ ...(row.intent ? { intent: row.intent } : {}), ...row.fields?.(seed) });
  if (!row.multipart) return new URLSearchParams(entries as [string, string][]);
  const form = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, `${name}.png`);
  }
  return form;
}

function send(row: Row, visitor: Visitor) {
  const init: RequestInit = row.method === "POST" ? { method: "POST", body: body(row) } : {};
  if (visitor !== "signedOut") return sessions.get(visitor)!.fetch(row.path, init);
  const origin = new URL(consoleUrl).origin;
  return fetch(new URL(row.path, consoleUrl), { ...init, redirect: "manual", headers: { origin } });
}

/** The default fleet has no app customization: one to reset. */
function storeCustomization() {
  const save = inventory.find((row) => row.route === customization && row.intent === "save")!;
  return send(save, "admin");
}

/** The preview's hidden fields the restore's apply posts; a made-up backup where none may be kept. */
let restorePreview = { backup: "0".repeat(32), digest: "", submissionId: "" };

/** The seed's backup uploaded as the visitor (an Owner or Admin may; the others are refused first). */
async function keepRestorePreview(visitor: Visitor) {
  restorePreview = { backup: "0".repeat(32), digest: "", submissionId: "" };
  if (visitor !== "admin" && visitor !== "owner") return;
  const form = new FormData();
  form.append("intent", "preview");
  form.append("backup", new Blob([seed.venueBackup], { type: "application/json" }), "venue-backup.json");
  const session = sessions.get(visitor)!;
  const uploaded = await session.fetch("/settings/restore", { method: "POST", body: form });
  expect(uploaded.status, `the ${visitor}'s upload is kept`).toBe(303);
  const preview = await (await session.fetch(uploaded.headers.get("location")!)).text();
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(preview)?.[1] ?? "";
  restorePreview = { backup: hidden("backup"), digest: hidden("digest"), submissionId: hidden("submissionId") };
  expect(restorePreview.digest, "the preview's digest").not.toBe("");
}

/** The sign-in redirect the guard answers: the way back is the path and query, without Remix's `index`. */
function signInLocation(path: string) {
  const url = new URL(path, consoleUrl);
  url.searchParams.delete("index");
  const back = `${url.pathname}${url.search}`;
  return back === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: back })}`;
}

/** What the Manager holds that any of the actions could change. */
async function managerData() {
  // A removed station is part of the data too.
  const read = (path: string) =>
    simulator
      .api("admin", "GET", path)
      .catch((error: Error) => (/ answered 404:/.test(error.message) ? "missing" : Promise.reject(error)));
  const everything = { skip: "0", take: "500" };
  return {
    stations: await read(`${managerPaths.stations()}?${new URLSearchParams(everything)}`),
    mainHall: await read(managerPaths.station("MCS-0042")),
    conferenceRoom: await read(managerPaths.station("MCS-0043")),
    newCertificate: await read(managerPaths.station("MCS-0047")),
    firmware: await read(managerPaths.firmware()),
    updateMetadata: await read(managerPaths.updateMetadata()),
    appView: await read(managerPaths.appView()),
    moderation: await read(managerPaths.moderation()),
    systemEvents: await read(`${managerPaths.systemEvents()}?${new URLSearchParams(everything)}`),
    systemSettings: await read(managerPaths.systemSettings()),
    tokens: await read(managerPaths.tokens()),
    appCustomization: await read(managerPaths.appCustomization()),
  };
}

async function lookUpSeed(): Promise<Seed> {
  await simulator.reset();
  const read = (path: string) => simulator.api("admin", "GET", path);
  const tokens = (await read(managerPaths.tokens())) as { id: string; expirationDate: string }[];
  const events = (await read(managerPaths.systemEvents())) as {
    systemEvents: { id: string; isDismissable: boolean; isDismissed: boolean }[];
  };
  const newCertificate = (await read(managerPaths.station("MCS-0047"))) as { authorization: { fingerprint: string } };
  const channels = (await read(managerPaths.moderation())) as {
    id: string;
    stationSerialNumber: string;
    index: number;
  }[];
  const channelId = (serialNumber: string, index: number) =>
    channels.find((candidate) => candidate.stationSerialNumber === serialNumber && candidate.index === index)!.id;
  const now = Date.now();
  return {
    validToken: tokens.find((token) => Date.parse(token.expirationDate) > now)!.id,
    expiredToken: tokens.find((token) => Date.parse(token.expirationDate) < now)!.id,
    dismissableEvent: events.systemEvents.find((event) => event.isDismissable && !event.isDismissed)!.id,
    // The old certificate's, which the Manager still holds: accepting with it stores the new one.
    heldFingerprint: newCertificate.authorization.fingerprint,
    mainHallEnglish: channelId("MCS-0042", 1),
    questionChannel: channelId("MCS-0043", 1),
    logo: new Blob([new Uint8Array(await pngImage(200, 100))], { type: "image/png" }),
    venueBackup: JSON.stringify({
      ...backupHeader(
        { withPins: false, withNetwork: false },
        {
          systemSettings: (await read(managerPaths.systemSettings())) as SystemSettings,
          appCustomization: null,
        },
        new Date(),
      ),
      stations: [
        {
          ...backupStationOf((await read(managerPaths.station("MCS-0042"))) as Station, {
            withPins: false,
            withNetwork: false,
          }),
          name: "Restored Hall",
        },
      ],
    }),
  };
}

test.beforeAll(async () => {
  for (const visitor of ["moderator", "admin", "owner"] as const)
    sessions.set(visitor, await signInToConsole(consoleUrl, visitor));
  seed = await lookUpSeed();
});

test.describe("the inventory", () => {
  test("every permission action is needed by at least one row", () => {
    const needed = new Set(inventory.map((row) => row.needs));
    for (const action of Object.keys(permissions)) expect(needed, action).toContain(action);
  });

  test("every route module has rows, or a reason to have none", () => {
    // Every route is a folder named as its route (docs/decisions/015).
    const modules = readdirSync(fileURLToPath(new URL("../app/routes/", import.meta.url)));
    const covered = new Set([...inventory.map((row) => row.route), ...Object.keys(routesWithoutRows)]);
    for (const module of modules) expect(covered, module).toContain(module);
    for (const route of covered) expect(modules, route).toContain(route);
  });

  test("Owner and Admin may do everything; a Moderator only moderates, mutes the audience mic and sees their stations' alerts", () => {
    for (const [action, roles] of Object.entries(permissions))
      expect(roles, action).toEqual(expect.arrayContaining(["Admin", "Owner"]));
    const moderatorActions = Object.entries(permissions)
      .filter(([, roles]) => (roles as readonly string[]).includes("Moderator"))
      .map(([action]) => action);
    expect(moderatorActions.sort()).toEqual([
      "alerts.show",
      "appView.muteAudienceMic",
      "appView.show",
      "moderation.edit",
      "moderation.show",
    ]);
  });
});

test.describe("every route and intent, signed out and per role", () => {
  for (const row of inventory) {
    test(label(row), async () => {
      for (const visitor of visitors) {
        const what = `${label(row)} as ${visitor}`;
        await simulator.reset();
        await row.arrange?.(visitor);
        const before = row.method === "POST" ? await managerData() : null;
        const response = await send(row, visitor);
        const text = await response.text();
        const after = row.method === "POST" ? await managerData() : null;

        if (visitor === "signedOut" && row.multipart) {
          // No multipart body before sign-in: refused before Remix runs (server/body-limits.ts).
          expect(response.status, what).toBe(415);
          expect(text, what).toContain(signInFirst);
          expect(after, `${what} left the Manager's data as it was`).toEqual(before);
        } else if (visitor === "signedOut") {
          expect(response.status, what).toBe(302);
          expect(response.headers.get("location"), what).toBe(signInLocation(row.path));
          expect(after, `${what} left the Manager's data as it was`).toEqual(before);
        } else if (isAllowed(row, visitor)) {
          const answers = row.allowedAnswers ?? (row.method === "GET" ? [200] : [200, 302, 303, 400]);
          expect(answers, `${what} answered ${response.status}: ${text.slice(0, 300)}`).toContain(response.status);
          expect(response.headers.get("location") ?? "", what).not.toMatch(/^\/login/);
          if (row.changes && visitor === "admin")
            expect(after, `${what} changed the Manager's data`).not.toEqual(before);
        } else {
          expect(response.status, what).toBe(403);
          expect(text, what).toContain(forbiddenPage.title);
          expect(text, what).toContain(forbiddenPage.subtitle);
          expect(after, `${what} left the Manager's data as it was`).toEqual(before);
        }
      }
    });
  }
});
