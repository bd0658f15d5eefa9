// Test controls: JSON over HTTP under /__simulator/, mounted only when the simulator starts with
// testControls (otherwise those paths are 404 like any unknown path). They set up what a test
// needs — faults, hub outages, fingerprint changes, fleets of any size, listeners, events, how
// firmware updates go — and never stand in for the Manager API itself: tests change stations
// through REST with a token.
import express, { type Request, type Response } from "express";
import * as z from "zod";
import { SystemEventTypeSchema } from "../app/contract/enums";
import { raiseKnownEvent, raiseSystemEvent } from "./events/system-events";
import { startStationUpdateBurst } from "./fleet/burst";
import { fingerprint, runtimeRandom } from "./fleet/ids";
import { requireStation } from "./fleet/lookup";
import { askForMic } from "./fleet/moderation";
import { setListenerCount } from "./fleet/listeners";
import { knockStation, reconnectStation } from "./fleet/presence";
import { firmwareSummary, mountFirmwareControls } from "./firmware/controls";
import { maximumSeededStations } from "./seed/generated-fleet";
import { parseWith, sendAnswer, sendError } from "./api/http";
import { problems } from "./problems";
import type { IdentityProvider } from "./identity";
import type { Simulation } from "./simulation";

export const controlsPath = "/__simulator";

export interface HubControls {
  dropConnections(): void;
  setAvailable(available: boolean): void;
  connectionCount(): number;
  jobConnectionCount(): number;
}

const FaultsSchema = z
  .object({
    latencyMs: z.number().int().min(0).max(60_000),
    failNext5xx: z.union([z.number().int().min(0), z.literal("always")]),
    noInternet: z.boolean(),
    invalidToken: z.boolean(),
    down: z.boolean(),
    failPath: z.string().min(1).nullable(),
    failWritesOnly: z.boolean(),
    filesWithoutName: z.boolean(),
  })
  .partial()
  .strict();

const HubsSchema = z.object({ action: z.enum(["drop", "down", "up"]) });

const SeedSchema = z.union([
  z.object({ stations: z.number().int().min(1).max(maximumSeededStations) }).strict(),
  z.object({ reset: z.literal(true) }).strict(),
]);

const ClockSchema = z
  .object({ speed: z.number().positive().max(10_000), autonomous: z.boolean() })
  .partial()
  .strict();

const ListenerSchema = z.object({
  serialNumber: z.string().min(1),
  channelIndex: z.number().int().min(1),
  displayName: z.string().trim().min(1).max(64),
});

const EventSchema = z.object({
  type: SystemEventTypeSchema,
  code: z.string().min(1),
  stationSerialNumber: z.string().nullable().optional(),
  isDismissable: z.boolean(),
  parameters: z.record(z.string(), z.string()).optional(),
});

const ListenerCountSchema = z
  .object({ count: z.number().int().min(0).max(10_000), channelIndex: z.number().int().min(1).optional() })
  .strict();

const minutes = (most: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(most * 60_000);

/** A show's audience on a station, times in simulated ms from now (simulator/audience/show.ts). */
const ShowSchema = z
  .object({
    serialNumber: z.string().min(1),
    peak: z.number().int().min(1).max(10_000),
    startsInMs: minutes(24 * 60).default(0),
    durationMs: minutes(24 * 60).refine((value) => value > 0, { message: "must be more than 0" }),
    arriveMs: minutes(120).default(15 * 60_000),
    leaveMs: minutes(120).default(8 * 60_000),
    interval: z
      .object({ afterMs: minutes(24 * 60), durationMs: minutes(120), stay: z.number().min(0).max(1) })
      .nullable()
      .default(null),
  })
  .strict();

const MuteSchema = z.object({ muted: z.boolean() }).strict();
const DropSchema = z.object({ offlineMs: minutes(24 * 60) }).strict();

const BurstSchema = z
  .object({ count: z.number().int().min(1).max(10_000), durationMs: z.number().int().min(1).max(60_000) })
  .strict();

const FingerprintSchema = z.object({ fingerprint: z.string().min(1).optional() }).strict();

/** A serial number a new device may knock with: what the Manager's paths carry as they are. */
const KnockSchema = z.object({ serialNumber: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/) });

export function controlsRouter(
  simulation: Simulation,
  hubs: HubControls,
  identity: Pick<IdentityProvider, "refreshes">,
): express.Router {
  const { state, faults } = simulation;
  const router = express.Router();
  router.use(express.json({ limit: "100kb" }));

  const handle = (handler: (req: Request) => unknown) => (req: Request, res: Response) => {
    Promise.resolve()
      .then(() => handler(req))
      .then(
        (answer) => sendAnswer(res, answer),
        (error: unknown) => sendError(res, error),
      );
  };

  router.post(
    "/faults",
    handle((req) => {
      const changes = parseWith(FaultsSchema, req.body ?? {});
      // A Manager that goes down takes its hub connections with it.
      if (changes.down) hubs.dropConnections();
      return faults.update(changes);
    }),
  );

  router.get(
    "/faults",
    handle(() => ({
      ...faults.current,
      heldRequests: faults.heldRequests,
      mostHeldRequests: faults.mostHeldRequests,
      heldJobRequests: faults.heldJobRequests,
      mostHeldJobRequests: faults.mostHeldJobRequests,
    })),
  );

  router.post(
    "/hubs",
    handle((req) => {
      const { action } = parseWith(HubsSchema, req.body);
      if (action === "drop") hubs.dropConnections();
      else hubs.setAvailable(action === "up");
      return { action, connectionCount: hubs.connectionCount() };
    }),
  );

  // The device gets a new certificate. The Manager keeps the fingerprint it stored until an
  // Accept fails with error:fingerprint-mismatch, exactly as with a real station — but it notices
  // the station presenting another certificate, and says so in a system event.
  router.post(
    "/stations/:serialNumber/fingerprint",
    handle((req) => {
      const record = requireStation(state, req.params.serialNumber!);
      const requested = parseWith(FingerprintSchema, req.body ?? {});
      const presented = requested.fingerprint ?? fingerprint(runtimeRandom);
      const changed = presented !== record.deviceFingerprint;
      record.deviceFingerprint = presented;
      state.store.saveStation(record);
      if (changed) raiseKnownEvent(state, "fingerprintChanged", record.station.serialNumber);
      return {
        serialNumber: record.station.serialNumber,
        storedFingerprint: record.station.authorization.fingerprint,
        currentFingerprint: record.deviceFingerprint,
      };
    }),
  );

  // A deleted or reset-rejected station is power-cycled and knocks again now.
  router.post(
    "/stations/:serialNumber/reconnect",
    handle((req) => reconnectStation(state, req.params.serialNumber!).station),
  );

  // A device knocks: one the Manager never saw shows up as a new station asking to be authorized
  // (a known one it let go reconnects).
  router.post(
    "/stations/:serialNumber/knock",
    handle((req) => {
      const { serialNumber } = parseWith(KnockSchema, { serialNumber: req.params.serialNumber });
      return knockStation(state, serialNumber, runtimeRandom).station;
    }),
  );

  mountFirmwareControls(router, handle, simulation);

  // How many listeners a channel has (every channel of the station without channelIndex); 0
  // removes them all. Rollouts wait for stations whose listeners have gone.
  router.post(
    "/stations/:serialNumber/listeners",
    handle((req) => {
      const { count, channelIndex } = parseWith(ListenerCountSchema, req.body ?? {});
      const record = setListenerCount(state, req.params.serialNumber!, count, channelIndex);
      return {
        serialNumber: record.station.serialNumber,
        channels: record.station.audioChannels.map(({ index, listenerCount }) => ({ index, listenerCount })),
      };
    }),
  );

  // A show: listeners arrive before it starts, peak, dip at the interval, leave (issue 35).
  router.post(
    "/shows",
    handle((req) => {
      const show = parseWith(ShowSchema, req.body ?? {});
      return simulation.shows.start(show.serialNumber, {
        startsAt: show.startsInMs,
        endsAt: show.startsInMs + show.durationMs,
        peak: show.peak,
        arriveMs: Math.max(1, show.arriveMs),
        leaveMs: Math.max(1, show.leaveMs),
        interval: show.interval,
      });
    }),
  );

  // A channel muted mid-show: its listeners drop out until it is unmuted.
  router.post(
    "/stations/:serialNumber/channels/:channelIndex/mute",
    handle((req) => {
      const { muted } = parseWith(MuteSchema, req.body ?? {});
      return simulation.shows.mute(req.params.serialNumber!, Number(req.params.channelIndex), muted);
    }),
  );

  // A station drops off the network for a while (its listeners with it), then comes back.
  router.post(
    "/stations/:serialNumber/drop",
    handle((req) => {
      const { offlineMs } = parseWith(DropSchema, req.body ?? {});
      return simulation.shows.drop(req.params.serialNumber!, offlineMs);
    }),
  );

  router.post(
    "/seed",
    handle((req) => {
      const request = parseWith(SeedSchema, req.body);
      // A reset gives a test a fresh simulator: the default fleet and no faults.
      if ("reset" in request) simulation.resetTestSettings();
      simulation.seed("stations" in request ? request.stations : undefined);
      // A new fleet is what a Manager restarted on other data would have: it pushed nothing, so
      // its hub connections end, and whoever follows its hubs reconnects and reads everything
      // again (the console's copy of the app view, decision 072).
      hubs.dropConnections();
      return summary();
    }),
  );

  router.post(
    "/clock",
    handle((req) => {
      const request = parseWith(ClockSchema, req.body ?? {});
      if (request.speed !== undefined) simulation.clock.setSpeed(request.speed);
      if (request.autonomous !== undefined) simulation.setAutonomous(request.autonomous);
      return { speed: simulation.clock.speed, autonomous: simulation.life.isRunning };
    }),
  );

  router.post(
    "/listeners",
    handle((req) => {
      const request = parseWith(ListenerSchema, req.body);
      return askForMic(state, request.serialNumber, request.channelIndex, request.displayName);
    }),
  );

  router.post(
    "/events",
    handle((req) => {
      const request = parseWith(EventSchema, req.body);
      if (request.stationSerialNumber) requireStation(state, request.stationSerialNumber);
      return raiseSystemEvent(state, request);
    }),
  );

  router.post(
    "/burst",
    handle((req) => {
      const { count, durationMs } = parseWith(BurstSchema, req.body);
      return startStationUpdateBurst(state, count, durationMs);
    }),
  );

  router.get(
    "/state",
    handle(() => summary()),
  );
  router.use((req, res) => sendError(res, problems.routeNotFound(req.method, req.originalUrl)));

  function summary() {
    const byComputedState: Record<string, number> = {};
    const activities: { serialNumber: string; activity: string; firmwareStatus: number }[] = [];
    let absentStations = 0;
    for (const record of state.records.values()) {
      if (record.presence !== "present") {
        absentStations++;
        continue;
      }
      const computed = record.station.deviceState.computedState;
      byComputedState[computed] = (byComputedState[computed] ?? 0) + 1;
      if (record.activity) {
        activities.push({
          serialNumber: record.station.serialNumber,
          activity: record.activity.kind,
          firmwareStatus: record.firmware.status,
        });
      }
    }
    return {
      seed: state.meta.seed,
      stations: state.records.size - absentStations,
      absentStations,
      byComputedState,
      activities,
      statistics: state.currentStatistics(),
      systemEvents: state.systemEvents.length,
      tokens: state.tokens.size,
      hasAppCustomization: state.appCustomization !== null,
      faults: faults.current,
      firmware: firmwareSummary(simulation),
      hubConnections: hubs.connectionCount(),
      jobHubConnections: hubs.jobConnectionCount(),
      identity: { refreshes: identity.refreshes() },
      clock: {
        speed: simulation.clock.speed,
        autonomous: simulation.life.isRunning,
        pendingTimers: simulation.clock.pendingCount(),
      },
    };
  }

  return router;
}
