// What the rollout screens say about a rollout and its stations: the state's badge colour, the
// sentence for why it paused or ended, and the note beside a station (its message as stored).
import type { BadgeColor } from "~/components/ui/badge";
import type { Rollout, RolloutReason, RolloutState, RolloutStationState } from "~/records/rollouts";

export const rolloutStateColor: Record<RolloutState, BadgeColor> = {
  running: "brand",
  paused: "orange",
  cancelled: "gray",
  finished: "green",
  failed: "red",
};

export const stationStateColor: Record<RolloutStationState, BadgeColor> = {
  waiting: "gray",
  updating: "brand",
  done: "green",
  failed: "red",
  skipped: "gray",
  cancelled: "gray",
};

/** The locale key and values of the reason's sentence, or null when there is none to say. */
export function reasonText(reason: RolloutReason | null): { key: string; values: Record<string, string> } | null {
  if (!reason) return null;
  return {
    key: `stations:rollouts.reasons.${reason.code}`,
    values: { serialNumber: reason.serialNumber ?? "", detail: reason.detail ?? "", name: reason.by?.name ?? "" },
  };
}

const ownNotes = new Set(["listeners", "alreadyCurrent", "gone", "noFirmware", "timedOut"]);

/**
 * A station's stored message as a sentence: the rollout's own notes, a firmware status it ended
 * with (UpdateFailed, Error, Rolledback), or the Manager's failure as a locale key.
 */
export function stationNote(message: string | null): { key: string; values?: Record<string, string> } | null {
  if (!message) return null;
  if (ownNotes.has(message)) return { key: `stations:rollouts.notes.${message}` };
  // Skipped at the start: another rollout, not ended, held the station (a station is in one at a time).
  const holder = /^inRollout:(\d+)$/.exec(message);
  if (holder) return { key: "stations:rollouts.notes.inRollout", values: { id: holder[1]! } };
  if (message.includes(":")) return { key: message };
  return { key: "stations:rollouts.notes.status", values: { status: message } };
}

/** "6.10.0" or "MCS v2 6.10.0, …" — the versions a rollout installs. */
export function versionsOf(rollout: Pick<Rollout, "options">): string[] {
  return Object.values(rollout.options.versions);
}

export const rolloutPath = (id: string) => `/firmware/rollouts/${id}`;
