// Station rows written by an older simulator: fields added since get their defaults when the
// data directory is read, so a kept development fleet starts without a reseed.
import type { StationRecord } from "../fleet/records";
import { noFirmwareTesting } from "../firmware/faults";
import { firmwarePlan } from "../firmware/plan";

type StoredActivity = NonNullable<StationRecord["activity"]> & { willFail?: boolean };

export function upgradeStoredStation(record: StationRecord & { failNextUpdate?: boolean }): StationRecord {
  if (!record.firmwareTesting) {
    record.firmwareTesting = noFirmwareTesting();
    if (record.failNextUpdate) record.firmwareTesting.fault = { kind: "fails", offlineMs: null };
  }
  delete record.failNextUpdate;
  const activity = record.activity as StoredActivity | null;
  if (activity?.kind === "firmwareUpdate" && !activity.plan) {
    activity.fault = activity.willFail ? { kind: "fails", offlineMs: null } : null;
    activity.plan = firmwarePlan({
      serialNumber: record.station.serialNumber,
      firmwareId: activity.firmwareId,
      updateNumber: 0,
      needsManagerDownload: true,
      durationMs: null,
    });
    delete activity.willFail;
  }
  return record;
}
