// The firmware test controls (mounted by ../controls.ts, so only with testControls): how long
// updates take, what goes wrong with a station's next update, and how many Update calls each
// station received — so the fleet's tests drive every way a rollout can go and prove that no
// station is sent Update twice.
import type { Request, Response, Router } from "express";
import * as z from "zod";
import { updateStatusName } from "../../app/domain/firmware";
import { parseWith } from "../api/http";
import { requireStation } from "../fleet/lookup";
import type { StationRecord } from "../fleet/records";
import type { Simulation } from "../simulation";
import { firmwareFaultKinds } from "./faults";

/** Simulated ms; an hour at most. */
const DurationSchema = z.number().int().min(0).max(3_600_000);

const FirmwareSettingsSchema = z.object({ durationMs: DurationSchema.nullable() }).strict();

const StationFirmwareSchema = z
  .object({
    /** The fault of the station's next update; null clears it. */
    fault: z.enum(firmwareFaultKinds).nullable(),
    /** dropsOff: how long the station stays away (simulated ms); default a realistic while. */
    offlineMs: DurationSchema.nullable(),
    /** This station's updates take this long (simulated ms); null: the simulator's setting. */
    durationMs: DurationSchema.nullable(),
  })
  .partial()
  .strict()
  .refine((body) => body.offlineMs == null || body.fault === "dropsOff", {
    message: "offlineMs goes with the dropsOff fault.",
    path: ["offlineMs"],
  });

type Handle = (handler: (req: Request) => unknown) => (req: Request, res: Response) => void;

export function mountFirmwareControls(router: Router, handle: Handle, simulation: Simulation) {
  const { state, operations } = simulation;

  router.get(
    "/firmware",
    handle(() => firmwareSummary(simulation)),
  );

  router.post(
    "/firmware",
    handle((req) => {
      const { durationMs } = parseWith(FirmwareSettingsSchema, req.body ?? {});
      operations.firmwareDurationMs = durationMs;
      return firmwareSummary(simulation);
    }),
  );

  router.get(
    "/firmware/:serialNumber",
    handle((req) => stationFirmware(simulation, requireStation(state, req.params.serialNumber!))),
  );

  router.post(
    "/firmware/:serialNumber",
    handle((req) => {
      const record = requireStation(state, req.params.serialNumber!);
      const request = parseWith(StationFirmwareSchema, req.body ?? {});
      const testing = record.firmwareTesting;
      if (request.fault !== undefined) {
        testing.fault = request.fault && { kind: request.fault, offlineMs: request.offlineMs ?? null };
      }
      if (request.durationMs !== undefined) testing.durationMs = request.durationMs;
      state.store.saveStation(record);
      return stationFirmware(simulation, record);
    }),
  );

  // The first control of its kind, kept for the tests that use it: the same as {fault: "fails"}.
  router.post(
    "/firmware/:serialNumber/fail-next-update",
    handle((req) => {
      const record = requireStation(state, req.params.serialNumber!);
      record.firmwareTesting.fault = { kind: "fails", offlineMs: null };
      state.store.saveStation(record);
      return { serialNumber: record.station.serialNumber, failNextUpdate: true };
    }),
  );
}

function stationFirmware(simulation: Simulation, record: StationRecord) {
  const { fault, durationMs, updateCalls, updatesStarted } = record.firmwareTesting;
  const info = simulation.state.firmwareInfo(record);
  return {
    serialNumber: record.station.serialNumber,
    fault,
    durationMs,
    updateCalls,
    updatesStarted,
    status: updateStatusName(info.status),
    currentVersion: info.currentVersion,
    targetVersion: info.targetVersion,
    isOnline: record.isOnline,
  };
}

/** The simulator's firmware setting, and every station that has a fault, a duration or has been sent Update. */
export function firmwareSummary(simulation: Simulation) {
  const stations: Record<
    string,
    { fault: string | null; durationMs: number | null; updateCalls: number; updatesStarted: number }
  > = {};
  for (const record of simulation.state.presentStations()) {
    const { fault, durationMs, updateCalls, updatesStarted } = record.firmwareTesting;
    if (fault || durationMs !== null || updateCalls > 0) {
      stations[record.station.serialNumber] = { fault: fault?.kind ?? null, durationMs, updateCalls, updatesStarted };
    }
  }
  return { durationMs: simulation.operations.firmwareDurationMs, stations };
}
