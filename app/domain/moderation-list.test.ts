import { describe, expect, it } from "vitest";
import { sortModerationRows, stationLabel, type ModerationRow } from "~/domain/moderation-list";

const row = (
  name: string,
  channelId: string,
  station: string | null,
  serial: string,
  index: number,
  waiting: number,
): ModerationRow => ({
  name,
  channelId,
  stationName: station,
  stationSerialNumber: serial,
  index,
  speakersWaiting: waiting,
});

const rows = [
  row("Q&A Microphone", "KX4P9M", "Conference Room B", "MCS-0043", 1, 2),
  row("Main Hall – English", "B7QW2E", "Main Hall", "MCS-0042", 1, 0),
  row("Main Hall – Deutsch", "ZT3N8R", "Main Hall", "MCS-0042", 2, 0),
  row("Foyer", "HJ6V4C", null, "MCS-0048", 1, 5),
];

const names = (sorted: ModerationRow[]) => sorted.map((entry) => entry.name);

describe("sortModerationRows", () => {
  it("sorts by each column, both ways", () => {
    expect(names(sortModerationRows(rows, { sort: "channel", order: "asc", search: "" }))).toEqual([
      "Foyer",
      "Main Hall – Deutsch",
      "Main Hall – English",
      "Q&A Microphone",
    ]);
    expect(names(sortModerationRows(rows, { sort: "speakersWaiting", order: "desc", search: "" }))).toEqual([
      "Foyer",
      "Q&A Microphone",
      "Main Hall – English",
      "Main Hall – Deutsch",
    ]);
    expect(names(sortModerationRows(rows, { sort: "channelId", order: "asc", search: "" }))[0]).toBe(
      "Main Hall – English",
    );
  });

  it("sorts stations by name, falling back to the serial number; ties keep the station's channel order", () => {
    expect(names(sortModerationRows(rows, { sort: "station", order: "asc", search: "" }))).toEqual([
      "Q&A Microphone",
      "Main Hall – English",
      "Main Hall – Deutsch",
      "Foyer",
    ]);
    expect(stationLabel(rows[3]!)).toBe("MCS-0048");
  });

  it("finds rows by channel name, channel ID or station, ignoring case", () => {
    expect(names(sortModerationRows(rows, { sort: "channel", order: "asc", search: "main hall" }))).toHaveLength(2);
    expect(names(sortModerationRows(rows, { sort: "channel", order: "asc", search: "kx4p" }))).toEqual([
      "Q&A Microphone",
    ]);
    expect(names(sortModerationRows(rows, { sort: "channel", order: "asc", search: "mcs-0048" }))).toEqual(["Foyer"]);
  });
});
