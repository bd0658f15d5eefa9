// How an audience comes and goes around a show (issue 35, item 5): the first listeners arrive
// before the start, the room fills in the first minutes, many leave the channel in the interval and
// come back, and all leave after the end. One shape for the live simulator (shows.ts) and the
// seeded history of the demo (history.ts), so both look like a venue's real evenings.

export interface ShowPlan {
  /** Times in ms (the live simulator's clock since the show was asked for, or epoch ms for history). */
  startsAt: number;
  endsAt: number;
  /** Listeners at the height of the show, all channels together. */
  peak: number;
  /** The first listeners arrive this long before the start. */
  arriveMs: number;
  /** The last leave this long after the end. */
  leaveMs: number;
  /** The interval: ms after the start, how long, and the share of listeners who stay on. */
  interval: { afterMs: number; durationMs: number; stay: number } | null;
}

const minute = 60_000;

/** Eases 0 → 1 (and holds there outside [0, 1]). */
const ease = (x: number) => {
  const t = Math.min(1, Math.max(0, x));
  return t * t * (3 - 2 * t);
};

/** The share of the peak listening at `at`: 0 before the arrivals and after the last leave. */
export function audienceShare(plan: ShowPlan, at: number): number {
  const { startsAt, endsAt, arriveMs, leaveMs, interval } = plan;
  if (at < startsAt - arriveMs || at >= endsAt + leaveMs) return 0;
  if (at < startsAt) return 0.6 * ease((at - (startsAt - arriveMs)) / arriveMs);
  if (at >= endsAt) return 1 - ease((at - endsAt) / leaveMs);
  const fillMs = Math.min(10 * minute, (endsAt - startsAt) / 5);
  let share = 0.6 + 0.4 * ease((at - startsAt) / fillMs);
  if (interval) {
    const intervalStart = startsAt + interval.afterMs;
    const intervalEnd = intervalStart + interval.durationMs;
    const leaving = ease((at - intervalStart) / (2 * minute));
    const returning = ease((at - intervalEnd) / (3 * minute));
    const away = at >= intervalStart ? leaving * (1 - returning) : 0;
    share *= 1 - away * (1 - interval.stay);
  }
  return share;
}

/** The shares of the channels: the first (the room's language) takes most, the others the rest. */
const sharesByChannels = new Map<number, readonly number[]>();

export function channelShares(channels: number): readonly number[] {
  let shares = sharesByChannels.get(channels);
  if (!shares) {
    const first = 0.65;
    shares = channels <= 1 ? [1] : [first, ...Array.from({ length: channels - 1 }, () => (1 - first) / (channels - 1))];
    sharesByChannels.set(channels, shares);
  }
  return shares;
}

/** Whole listeners per channel at `at`: the shape, with a small wobble so no two minutes are alike. */
export function audienceAt(plan: ShowPlan, at: number, channels: number, wobbleSeed = 0): number[] {
  const share = audienceShare(plan, at);
  if (share <= 0) return channelShares(channels).map(() => 0);
  const wobble = 1 + 0.04 * Math.sin(at / 97_000 + wobbleSeed) * Math.sin(at / 311_000 + wobbleSeed * 2);
  return channelShares(channels).map((channelShare) =>
    Math.max(0, Math.round(plan.peak * share * channelShare * wobble)),
  );
}
