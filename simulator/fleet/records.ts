// What the simulated Manager keeps per station beyond the wire shape: the device's side of the
// story (its real fingerprint, whether it is online, what it is busy with). The wire Station
// is stored as is and its derived fields are refreshed after every change (fleet/derive.ts).
import type { AppCustomization } from "../../app/contract/app-customization";
import type { Station } from "../../app/contract/stations";
import type { UseCaseMode } from "../../app/contract/enums";
import type { AvailableFirmware } from "../../app/contract/firmware";
import type { Speaker } from "../../app/contract/moderation";
import type { SystemSettings } from "../../app/contract/settings";
import type { SystemEvent } from "../../app/contract/statistics";
import type { Token } from "../../app/contract/tokens";
import type { FirmwareFault, FirmwareTesting } from "../firmware/faults";
import type { FirmwarePlan } from "../firmware/plan";

/**
 * present: the Manager lists it. deleted / awaitingReconnect: the device is off the Manager's
 * books (deleted, or rejected then reset) and only comes back when it reconnects.
 */
export type Presence = "present" | "deleted" | "awaitingReconnect";

/** A timed process the station is going through; persisted so it resumes after a restart. */
export type Activity =
  | { kind: "reboot"; step: "goingDown" | "down" }
  | { kind: "factoryReset"; keepNetworkSettings: boolean; step: "goingDown" | "down" }
  | { kind: "audioModeChange"; useCaseMode: UseCaseMode }
  | {
      kind: "firmwareUpdate";
      firmwareId: string;
      targetVersion: string;
      /** The fault the test controls had set when the update started (offlineMs resolved). */
      fault: FirmwareFault | null;
      plan: FirmwarePlan;
    };

export interface FirmwareState {
  currentVersion: string;
  /** Index into updateStatuses. */
  status: number;
  targetVersion: string | null;
  progress: number | null;
}

export interface StationRecord {
  station: Station;
  /** The fingerprint the device presents now; authorization.fingerprint is the one the Manager stored. */
  deviceFingerprint: string;
  isOnline: boolean;
  presence: Presence;
  firmware: FirmwareState;
  activity: Activity | null;
  /** Test controls and counters of the station's firmware updates. */
  firmwareTesting: FirmwareTesting;
  /** Channel indexes whose test tone is playing. */
  testTones: number[];
}

export interface SpeakerQueue {
  channelId: string;
  serialNumber: string;
  /** The speaker (isSpeaking) first, then the waiting listeners in the order they asked. */
  speakers: Speaker[];
  /** Speakers keep their index for as long as they are in the queue; indexes are never reused. */
  nextIndex: number;
}

export interface StoredSystemEvent {
  event: SystemEvent;
  /** Orders events raised within the same millisecond. */
  sequence: number;
}

export interface StoredToken {
  token: Token;
  /** SHA-256 of the access token; the token itself is sent once and never stored. */
  accessTokenHash: string;
}

export interface ManagerMeta {
  systemSettings: SystemSettings;
  lastFirmwareUpdateCheckTime: string | null;
  /** Firmware the Manager has already downloaded from the internet (no DownloadingToManager). */
  downloadedFirmwareIds: string[];
  eventSequence: number;
  /** "default" or "generated:<N>": which seed the data came from. */
  seed: string;
}

export interface ManagerData {
  stations: StationRecord[];
  queues: SpeakerQueue[];
  systemEvents: StoredSystemEvent[];
  availableFirmware: AvailableFirmware[];
  appCustomization: AppCustomization | null;
  tokens: StoredToken[];
  meta: ManagerMeta;
}
