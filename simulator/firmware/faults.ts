// What can go wrong with a station's firmware update, set per station through the test controls
// (docs/decisions/012-simulated-fleet.md): the fleet's rollouts must see every way an update
// ends, and real stations cannot be made to fail on demand.

export const firmwareFaultKinds = [
  /** Gives up half way through applying: UpdateFailed, on the old version, online. */
  "fails",
  /** Installs and reboots, but the new firmware does not start: Rolledback, on the old version. */
  "rollsBack",
  /** The downloaded image does not verify: Error, on the old version, online. */
  "error",
  /** Drops off the network half way through the download, comes back after a while, then finishes. */
  "dropsOff",
  /** Drops off the network half way through the download and never comes back. */
  "neverReturns",
] as const;
export type FirmwareFaultKind = (typeof firmwareFaultKinds)[number];

export interface FirmwareFault {
  kind: FirmwareFaultKind;
  /** dropsOff: how long the station stays away (simulated ms); null: a realistic while. */
  offlineMs: number | null;
}

/** The test settings and counters of one station's firmware updates. */
export interface FirmwareTesting {
  /** What goes wrong with the station's next update; null: nothing. Used up by that update. */
  fault: FirmwareFault | null;
  /** The station's updates take this long (simulated ms), overriding the simulator's setting. */
  durationMs: number | null;
  /** Update calls (PUT …/Update/{firmwareId}) that reached the station, accepted or not. */
  updateCalls: number;
  /** Updates the station started. */
  updatesStarted: number;
}

export function noFirmwareTesting(): FirmwareTesting {
  return { fault: null, durationMs: null, updateCalls: 0, updatesStarted: 0 };
}
