import { describe, expect, it } from "vitest";
import { eventFormSchema, proposeEvents } from "~/domain/listening-events";
import { parseForm } from "~/route-helpers/parse-form";

const form = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};
const quarter = 15 * 60_000;

describe("naming an event", () => {
  it("takes a title, a start, an optional end and some stations or channels", () => {
    const submission = parseForm(
      form([
        ["title", " Evening show "],
        ["startsAt", "2026-03-14T19:30"],
        ["endsAt", "2026-03-14T22:00"],
        ["scope", ""],
        ["scope", "MCS-0042"],
        ["scope", "MCS-0043/2, MCS-0044"],
      ]),
      eventFormSchema,
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      title: "Evening show",
      startsAt: "2026-03-14T19:30",
      endsAt: "2026-03-14T22:00",
      scope: ["MCS-0042", "MCS-0043/2", "MCS-0044"],
    });
  });

  it("refuses a missing title or start, an unreadable time and an end before the start, at their fields", () => {
    const refused = parseForm(
      form([
        ["title", ""],
        ["startsAt", "tonight"],
      ]),
      eventFormSchema,
    );
    expect(refused.reply().error).toMatchObject({
      title: ["listening:events.errors.titleRequired"],
      startsAt: ["listening:events.errors.timeInvalid"],
    });
    const backwards = parseForm(
      form([
        ["title", "Show"],
        ["startsAt", "2026-03-14T19:30"],
        ["endsAt", "2026-03-14T19:00"],
      ]),
      eventFormSchema,
    );
    expect(backwards.reply().error).toMatchObject({ endsAt: ["listening:events.errors.endBeforeStart"] });
    const scope = parseForm(
      form([
        ["title", "Show"],
        ["startsAt", "2026-03-14T19:30"],
        ["scope", "MCS-0042/first"],
      ]),
      eventFormSchema,
    );
    expect(scope.reply().error).toMatchObject({ scope: ["listening:events.errors.scopeInvalid"] });
  });
});

describe("proposing events from bursts of listeners", () => {
  const day = Date.UTC(2026, 2, 14);
  const series = (peaks: number[]) => peaks.map((peak, index) => ({ at: day + index * quarter, span: quarter, peak }));

  it("proposes the stretches where many listened, joined across a short lull, newest first", () => {
    const proposals = proposeEvents(series([0, 2, 40, 60, 0, 55, 50, 1, 0, 0, 0, 0, 30, 35, 40, 2]), []);
    expect(proposals).toEqual([
      { startsAt: day + 12 * quarter, endsAt: day + 15 * quarter, peak: 40 },
      { startsAt: day + 2 * quarter, endsAt: day + 7 * quarter, peak: 60 },
    ]);
  });

  it("leaves out bursts too short, too small, or already named", () => {
    expect(proposeEvents(series([0, 3, 4, 3, 0]), [])).toEqual([]);
    expect(proposeEvents(series([0, 0, 50, 0, 0, 0]), [])).toEqual([]);
    expect(proposeEvents(series([0, 40, 60, 50, 0]), [{ startsAt: day + 2 * quarter, endsAt: null }])).toEqual([]);
  });
});
