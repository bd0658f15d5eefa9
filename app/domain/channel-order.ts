// The order of the channels in the listening app (operations.md §4, §9): one list across the
// venue, positions from 1. UpdateChannelOrder needs every channel with positions 1..n, so each
// move saves the whole new order.
export interface OrderedChannel {
  id: string;
  sortId: number;
  stationSerialNumber: string;
  index: number;
}

export const firstPosition = 1;

/** The channels in app order: by sortId, then station and index so equal sortIds stay stable. */
export function inAppOrder<C extends OrderedChannel>(channels: readonly C[]): C[] {
  return [...channels].sort(
    (a, b) =>
      a.sortId - b.sortId ||
      (a.stationSerialNumber < b.stationSerialNumber ? -1 : a.stationSerialNumber > b.stationSerialNumber ? 1 : 0) ||
      a.index - b.index,
  );
}

/** A position typed or carried by a form, clamped to 1..count. */
export function clampPosition(position: number, count: number): number {
  if (!Number.isFinite(position)) return firstPosition;
  return Math.min(Math.max(Math.round(position), firstPosition), Math.max(count, firstPosition));
}

/**
 * The order with one channel moved to a position (from 1). The target position travels with the
 * form, so sending the same move twice gives the same order (harmless double submission).
 * Null when the channel is not in the list.
 */
export function moveChannel(orderedIds: readonly string[], channelId: string, position: number): string[] | null {
  const from = orderedIds.indexOf(channelId);
  if (from < 0) return null;
  const rest = orderedIds.filter((id) => id !== channelId);
  const to = clampPosition(position, orderedIds.length) - firstPosition;
  return [...rest.slice(0, to), channelId, ...rest.slice(to)];
}

/** The UpdateChannelOrder body: every channel id with its position from 1. */
export function channelOrderPayload(orderedIds: readonly string[]): Record<string, number> {
  return Object.fromEntries(orderedIds.map((id, offset) => [id, offset + firstPosition]));
}

/** Whether two orders differ (nothing to save otherwise). */
export function isSameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, offset) => id === b[offset]);
}
