// How long each phase of a firmware update takes, fixed when the update starts (and persisted
// with it, so a restart resumes at the same pace). At speed 1 an update takes about two minutes
// like a real station's — the download 30–60 s, verifying a few seconds, applying 25–35 s, the
// reboot 20–40 s — with per-station jitter from a random seeded by the station, the firmware and
// the update's number, so the same update always takes the same time. A duration set through
// the test controls replaces all that with exactly that long, split in the same proportions.
import { randomInt, seedFromText, seededRandom } from "../fleet/ids";

/** Simulated milliseconds per phase. */
export interface FirmwarePlan {
  /** DownloadingToManager: the Manager fetches the firmware from the internet (once per firmware). */
  managerDownloadMs: number;
  /** Downloading: the station fetches it from the Manager. */
  downloadMs: number;
  verifyMs: number;
  applyMs: number;
  /** Rebooting, then RebootingAfterUpdate. */
  rebootMs: number;
  rebootAfterUpdateMs: number;
}

const realistic = {
  managerDownloadMs: { min: 20_000, max: 40_000 },
  downloadMs: { min: 30_000, max: 60_000 },
  verifyMs: { min: 4_000, max: 8_000 },
  applyMs: { min: 25_000, max: 35_000 },
  /** The whole reboot; 40 % going down, 60 % starting the new firmware. */
  reboot: { min: 20_000, max: 40_000 },
  /** dropsOff without a time of its own: the station is away this long. */
  offlineMs: { min: 60_000, max: 120_000 },
} as const;

const middle = (range: { min: number; max: number }) => (range.min + range.max) / 2;
const rebootShare = 0.4;

export interface PlanRequest {
  serialNumber: string;
  firmwareId: string;
  /** The station's how-manieth update this is: a second update of the same firmware gets its own jitter. */
  updateNumber: number;
  needsManagerDownload: boolean;
  /** The whole update, start to end, in simulated ms; null for the realistic duration. */
  durationMs: number | null;
}

export function firmwarePlan(request: PlanRequest): FirmwarePlan {
  if (request.durationMs !== null) return splitDuration(request.durationMs, request.needsManagerDownload);
  const random = seededRandom(seedFromText(`${request.serialNumber}/${request.firmwareId}/${request.updateNumber}`));
  const reboot = randomInt(random, realistic.reboot.min, realistic.reboot.max);
  return {
    managerDownloadMs: request.needsManagerDownload
      ? randomInt(random, realistic.managerDownloadMs.min, realistic.managerDownloadMs.max)
      : 0,
    downloadMs: randomInt(random, realistic.downloadMs.min, realistic.downloadMs.max),
    verifyMs: randomInt(random, realistic.verifyMs.min, realistic.verifyMs.max),
    applyMs: randomInt(random, realistic.applyMs.min, realistic.applyMs.max),
    rebootMs: Math.round(reboot * rebootShare),
    rebootAfterUpdateMs: Math.round(reboot * (1 - rebootShare)),
  };
}

/** An exact total, split over the phases that run in the proportions of the realistic middle. */
function splitDuration(durationMs: number, needsManagerDownload: boolean): FirmwarePlan {
  const weights = {
    managerDownloadMs: needsManagerDownload ? middle(realistic.managerDownloadMs) : 0,
    downloadMs: middle(realistic.downloadMs),
    verifyMs: middle(realistic.verifyMs),
    applyMs: middle(realistic.applyMs),
    rebootMs: middle(realistic.reboot) * rebootShare,
    rebootAfterUpdateMs: middle(realistic.reboot) * (1 - rebootShare),
  };
  const total = Object.values(weights).reduce((sum, weight) => sum + weight, 0);
  const share = (weight: number) => (durationMs * weight) / total;
  return {
    managerDownloadMs: share(weights.managerDownloadMs),
    downloadMs: share(weights.downloadMs),
    verifyMs: share(weights.verifyMs),
    applyMs: share(weights.applyMs),
    rebootMs: share(weights.rebootMs),
    rebootAfterUpdateMs: share(weights.rebootAfterUpdateMs),
  };
}

/** How long a dropsOff station stays away when the fault names no time: a realistic while, or one whole update when the test set the duration. */
export function defaultOfflineMs(request: PlanRequest): number {
  if (request.durationMs !== null) return request.durationMs;
  const random = seededRandom(
    seedFromText(`${request.serialNumber}/${request.firmwareId}/${request.updateNumber}/offline`),
  );
  return randomInt(random, realistic.offlineMs.min, realistic.offlineMs.max);
}

/** The realistic duration's bounds, for the docs and tests: start to end without the Manager's download. */
export const realisticUpdateMs = {
  min: realistic.downloadMs.min + realistic.verifyMs.min + realistic.applyMs.min + realistic.reboot.min,
  max: realistic.downloadMs.max + realistic.verifyMs.max + realistic.applyMs.max + realistic.reboot.max,
};
