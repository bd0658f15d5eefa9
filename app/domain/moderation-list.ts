// The moderation list (operations.md §2): sortable by Channel, Channel ID, Station and Speakers
// waiting; searchable by channel name, channel ID or station.
export const moderationSortKeys = ["channel", "channelId", "station", "speakersWaiting"] as const;
export type ModerationSortKey = (typeof moderationSortKeys)[number];

export interface ModerationRow {
  name: string;
  channelId: string;
  stationName: string | null;
  stationSerialNumber: string;
  index: number;
  speakersWaiting: number;
}

/** The station as people read it: its name, else its serial number. */
export const stationLabel = (row: Pick<ModerationRow, "stationName" | "stationSerialNumber">) =>
  row.stationName || row.stationSerialNumber;

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function compareBy(key: ModerationSortKey, a: ModerationRow, b: ModerationRow): number {
  switch (key) {
    case "channel":
      return collator.compare(a.name, b.name);
    case "channelId":
      return collator.compare(a.channelId, b.channelId);
    case "station":
      return collator.compare(stationLabel(a), stationLabel(b));
    case "speakersWaiting":
      return a.speakersWaiting - b.speakersWaiting;
  }
}

/** Filters by the search text, then sorts; ties keep station and channel order. */
export function sortModerationRows<R extends ModerationRow>(
  rows: readonly R[],
  options: { sort: ModerationSortKey; order: "asc" | "desc"; search: string },
): R[] {
  const needle = options.search.trim().toLocaleLowerCase();
  const matching = needle
    ? rows.filter((row) =>
        [row.name, row.channelId, stationLabel(row), row.stationSerialNumber].some((text) =>
          text.toLocaleLowerCase().includes(needle),
        ),
      )
    : [...rows];
  const direction = options.order === "asc" ? 1 : -1;
  return matching.sort(
    (a, b) =>
      direction * compareBy(options.sort, a, b) ||
      collator.compare(a.stationSerialNumber, b.stationSerialNumber) ||
      a.index - b.index,
  );
}
