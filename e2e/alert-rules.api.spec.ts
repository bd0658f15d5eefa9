// Every alert rule end to end (issue 36, item 6): the simulator's controls make each condition
// happen — a channel's listeners drop to zero, a firmware update fails, a rollout pauses at a
// failing station, a station presents another certificate, an unknown station knocks, the
// Manager goes down — and each opens one alert that reaches the webhook, about the right station,
// channel or rollout, and resolves once when the condition clears.
import { expect, test } from "@playwright/test";
import { managerPaths } from "../app/contract/paths";
import { clearAlerts, alertsAdmin, postAsAdmin } from "./support/alert-setup";
import { choose, fleet, post, startRollout, startedRolloutId, type ApiStation } from "./support/fleet-api";
import { samplerRounds } from "./support/listening-history";
import { consoleUrl, e2eMetricsToken } from "./support/ports";
import { simulator } from "./support/simulator";
import { startWebhookReceiver, type Received, type WebhookReceiver } from "./support/webhook-receiver";
import { compareVersions } from "../app/domain/firmware";

const secret = "alert-rules-webhook-secret-0123";
const delivered = { timeout: 60_000, intervals: [250, 500, 1_000] };
/** The default fleet's own special stations (listeners, stuck reboot, update required) stay out. */
const defaultFleet = /^MCS-004[0-9]$/;

let receiver: WebhookReceiver;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  receiver = await startWebhookReceiver(secret);
});

test.afterAll(async () => {
  await receiver.close();
});

test.beforeEach(async () => {
  await simulator.reset();
  await simulator.clearFaults();
  await clearAlerts();
  await postAsAdmin("/alerts/destinations", { intent: "createDestination", name: "Pager", url: receiver.url, secret });
});

test.afterEach(async () => {
  await simulator.clearFaults();
  await clearAlerts();
});

async function addRule(kind: string, stations = "", extra: Record<string, string> = {}) {
  await postAsAdmin("/alerts/rules", { intent: "createRule", kind, graceSeconds: "0", stations, ...extra });
}

/** The deliveries of `event` since `from` whose alert is of `kind` (and about `serialNumber`, when given). */
function deliveriesOf(
  from: number,
  event: "alert.opened" | "alert.resolved",
  kind: string,
  serialNumber?: string,
): Received[] {
  return receiver.received
    .slice(from)
    .filter(
      (delivery) =>
        delivery.event === event &&
        delivery.json.alert?.kind === kind &&
        (serialNumber === undefined || delivery.json.alert.serialNumber === serialNumber),
    );
}

async function openedOnce(from: number, kind: string, serialNumber?: string) {
  await expect.poll(() => deliveriesOf(from, "alert.opened", kind, serialNumber).length, delivered).toBe(1);
  const [opened] = deliveriesOf(from, "alert.opened", kind, serialNumber);
  expect(opened!.verified, "signed with the webhook's secret").toBe(true);
  return opened!.json.alert as NonNullable<Received["json"]["alert"]> & { subject: string; subjectName: string | null };
}

async function resolvedOnce(from: number, kind: string, alertId: string) {
  await expect
    .poll(() => deliveriesOf(from, "alert.resolved", kind).map((d) => d.json.alert!.id), delivered)
    .toEqual([alertId]);
}

/** Waits for `count` more rounds of the listening sampler: each reads every station's counts. */
async function sampledAgain(count: number) {
  const start = (await samplerRounds(consoleUrl, e2eMetricsToken)).all;
  await expect
    .poll(async () => (await samplerRounds(consoleUrl, e2eMetricsToken)).all, delivered)
    .toBeGreaterThanOrEqual(start + count);
}

/** Connected v2 stations behind the newest firmware, nobody listening (an update goes ahead at once). */
async function updatable(count: number): Promise<ApiStation[]> {
  // The default fleet's few stations are all special; forty give ordinary ones to update.
  await simulator.seed(40);
  const chosen = (await fleet())
    .filter(
      (station) =>
        station.type === 2 &&
        station.deviceState.computedState === "Connected" &&
        !defaultFleet.test(station.serialNumber) &&
        station.latestFirmwareVersion !== null &&
        compareVersions(station.currentFirmwareVersion, station.latestFirmwareVersion) < 0,
    )
    .slice(0, count);
  expect(chosen, `${count} connected v2 stations behind the newest firmware`).toHaveLength(count);
  for (const station of chosen) await simulator.removeListeners(station.serialNumber);
  return chosen;
}

test("a channel that had listeners and lost them all opens one alert about that channel; listeners back resolve it", async () => {
  await addRule("channelListenersZero", "MCS-0043");
  await simulator.setListeners("MCS-0043", 3, 1);
  // Two rounds: the evaluator has seen the channel with listeners (the history stored them).
  await sampledAgain(2);
  const from = receiver.received.length;
  await simulator.setListeners("MCS-0043", 0, 1);
  const alert = await openedOnce(from, "channelListenersZero");
  expect(alert).toMatchObject({ serialNumber: "MCS-0043", subject: "channel:1" });
  await simulator.setListeners("MCS-0043", 2, 1);
  await resolvedOnce(from, "channelListenersZero", alert.id);
  // Nothing about the station's other channels, which never had listeners here.
  expect(deliveriesOf(from, "alert.opened", "channelListenersZero")).toHaveLength(1);
});

test("a firmware update that fails opens one alert about the station; a successful update resolves it", async () => {
  await addRule("firmwareUpdateFailed");
  const [station] = await updatable(1);
  const serialNumber = station!.serialNumber;
  await simulator.firmwareDuration(2_000);
  await simulator.firmwareFault(serialNumber, "fails");
  const { updateMetadata } = (await simulator.api("admin", "GET", managerPaths.updateMetadata())) as {
    updateMetadata: Record<string, { id: string; version: string }[]>;
  };
  const newest = updateMetadata["2"]!.find((firmware) => firmware.version === station!.latestFirmwareVersion)!;
  const from = receiver.received.length;
  await simulator.api("admin", "PUT", managerPaths.startFirmwareUpdate(serialNumber, newest.id), {
    eulaAccepted: true,
  });
  const alert = await openedOnce(from, "firmwareUpdateFailed");
  expect(alert.serialNumber).toBe(serialNumber);
  expect((await simulator.firmwareOf(serialNumber)).status).toBe("UpdateFailed");
  await simulator.firmwareFault(serialNumber, null);
  await simulator.api("admin", "PUT", managerPaths.startFirmwareUpdate(serialNumber, newest.id), {
    eulaAccepted: true,
  });
  await resolvedOnce(from, "firmwareUpdateFailed", alert.id);
});

test("a rollout that pauses at a failing station opens one alert naming the rollout and the station; cancelling resolves it", async () => {
  await addRule("rolloutPaused");
  const [station] = await updatable(1);
  const serialNumber = station!.serialNumber;
  await simulator.firmwareDuration(2_000);
  await simulator.firmwareFault(serialNumber, "fails");
  const admin = await alertsAdmin();
  const from = receiver.received.length;
  const rolloutId = startedRolloutId(
    await startRollout(admin, await choose(admin, [serialNumber]), station!.latestFirmwareVersion!),
  );
  try {
    const alert = await openedOnce(from, "rolloutPaused");
    expect(alert).toMatchObject({ serialNumber, subject: `rollout:${rolloutId}` });
    expect((await post(admin, `/firmware/rollouts/${rolloutId}`, { intent: "cancelRollout" })).status).toBe(302);
    await resolvedOnce(from, "rolloutPaused", alert.id);
  } finally {
    await post(admin, `/firmware/rollouts/${rolloutId}`, { intent: "cancelRollout" });
  }
});

test("a station presenting another certificate opens one alert; the Manager's event dismissed resolves it", async () => {
  await addRule("fingerprintChanged", "MCS-0044");
  const from = receiver.received.length;
  await simulator.changeFingerprint("MCS-0044");
  const alert = await openedOnce(from, "fingerprintChanged");
  expect(alert.serialNumber).toBe("MCS-0044");
  const { systemEvents } = (await simulator.api("admin", "GET", `${managerPaths.systemEvents()}?take=100`)) as {
    systemEvents: { id: string; code: string; stationSerialNumber: string | null }[];
  };
  const event = systemEvents.find(
    (candidate) => candidate.code === "fingerprintChanged" && candidate.stationSerialNumber === "MCS-0044",
  )!;
  await simulator.api("admin", "PUT", managerPaths.dismissSystemEvent(event.id));
  await resolvedOnce(from, "fingerprintChanged", alert.id);
});

test("an unknown station asking to be authorized opens one alert; rejecting it resolves it", async () => {
  await addRule("stationUnauthorized");
  const from = receiver.received.length;
  // The default fleet has stations waiting already (MCS-0046, MCS-0047): they alert too.
  const serialNumber = "MCS-7001";
  await simulator.knock(serialNumber);
  const alert = await openedOnce(from, "stationUnauthorized", serialNumber);
  expect(alert.stationName).toBeNull();
  await simulator.api("admin", "PUT", managerPaths.rejectStation(serialNumber));
  await resolvedOnce(from, "stationUnauthorized", alert.id);
});

test("the Manager out of reach opens one alert about the Manager; back, it resolves", async () => {
  await addRule("managerUnreachable");
  await sampledAgain(1);
  const from = receiver.received.length;
  await simulator.faults({ down: true });
  const alert = await openedOnce(from, "managerUnreachable");
  expect(alert.serialNumber).toBe("");
  await simulator.clearFaults();
  await resolvedOnce(from, "managerUnreachable", alert.id);
});
