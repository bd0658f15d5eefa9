// The contract's plain values (codes, names, orders) without their zod schemas: what the browser
// needs of the contract, so a screen that shows a station's type or sorts the list does not load
// zod (docs/decisions/047-performance-budget-and-upgrade-checklist.md#validation-on-first-touch).
// enums.ts and stations.ts build their schemas on these and export them too.

/** 0 unknown, 1 MCS v1 (no longer supported, no audience mic), 2 MCS v2. */
export const stationTypes = { unknown: 0, v1: 1, v2: 2 } as const;

/** The streaming mode; UpdateAudioMode sends its index. */
export const useCaseModes = { assistiveListening: 0, audienceMicAndAssistiveListening: 1 } as const;

/** Firmware update status 0 to 15, by index. */
export const updateStatuses = [
  "Unknown",
  "Current",
  "Downloading",
  "Verifying",
  "Applying",
  "Rebooting",
  "Error",
  "Rolledback",
  "Resetting",
  "Unpacking",
  "UpdatingBootLoader",
  "UpdatingKernel",
  "DownloadingToManager",
  "WaitingForDevice",
  "UpdateFailed",
  "RebootingAfterUpdate",
] as const;
export type UpdateStatusName = (typeof updateStatuses)[number];
export const updateStatus = Object.fromEntries(updateStatuses.map((name, index) => [name, index])) as {
  [K in UpdateStatusName]: number;
};

/** 0 unknown, 1 info, 2 warning, 3 error. */
export const systemEventTypes = { unknown: 0, info: 1, warning: 2, error: 3 } as const;

export const roles = ["Admin", "Moderator", "Owner"] as const;

/** The longest API token name the Manager accepts. */
export const tokenNameMaxLength = 50;

/** API token scopes, in the spec's order. */
export const tokenScopes = [
  "stations.read",
  "channels.read",
  "channels.write",
  "channelAccess.read",
  "channelAccess.write",
  "channelSecurity.read",
  "channelSecurity.write",
] as const;

/** The stations list's sort keys. */
export const stationSortKeys = ["name", "status", "firmwareVersion", "ip", "channelsInUse"] as const;

/**
 * Not part of the Manager's API: the header (and hub query parameter) naming a call the console
 * makes for a job of its own rather than for a page a person opened, e.g. "listening-sampler".
 * The Manager ignores it; logs can tell the two apart, and the simulator's test faults that count
 * calls (failNext5xx: n) and the calls and hub connections it reports leave jobs out.
 */
export const consoleJobHeader = "x-console-job";
export const consoleJobParameter = "consoleJob";
