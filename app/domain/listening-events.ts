// Named events of the listener history (issue 35, item 2): the form that names one (title, start,
// end or none while it runs, optionally some stations or channels), and the bursts of listeners the
// console proposes as events. Times are the console's local ones ("YYYY-MM-DDTHH:MM", as a
// datetime-local field posts them); the server reads them in its time zone.
import * as z from "zod";
import { requiredText } from "~/domain/form-fields";
import { eventTitleMaxLength } from "~/domain/listening-event-limits";

export { eventTitleMaxLength };
/** "MCS-0042" (a station) or "MCS-0042/1" (one of its channels). */
export const scopeEntryPattern = /^[^\s/]{1,64}(\/\d{1,3})?$/;
const localTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export const eventFormMessages = {
  titleRequired: "listening:events.errors.titleRequired",
  titleTooLong: "listening:events.errors.titleTooLong",
  startRequired: "listening:events.errors.startRequired",
  timeInvalid: "listening:events.errors.timeInvalid",
  endBeforeStart: "listening:events.errors.endBeforeStart",
  scopeInvalid: "listening:events.errors.scopeInvalid",
  scopeUnknown: "listening:events.errors.scopeUnknown",
} as const;

const title = requiredText({
  required: eventFormMessages.titleRequired,
  maxLength: eventTitleMaxLength,
  tooLong: eventFormMessages.titleTooLong,
});

const localTime = (required: string) =>
  z.string({ error: required }).trim().regex(localTimePattern, { error: eventFormMessages.timeInvalid });

export const eventFormSchema = z
  .object({
    title,
    startsAt: localTime(eventFormMessages.startRequired),
    endsAt: localTime(eventFormMessages.timeInvalid).optional(),
    // The checkboxes of one name (the form posts an empty one so the field is always there, which
    // conform reads as nothing), or serial numbers typed into one field, separated by commas.
    scope: z.preprocess(
      (value) =>
        (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value])
          .flatMap((entry) => (typeof entry === "string" ? entry.split(/[\s,;]+/) : [entry]))
          .filter((entry) => entry !== undefined && entry !== null && entry !== ""),
      z
        .array(z.string({ error: eventFormMessages.scopeInvalid }))
        .refine((entries) => entries.every((entry) => scopeEntryPattern.test(entry)), {
          error: eventFormMessages.scopeInvalid,
        })
        .transform((entries) => [...new Set(entries)]),
    ),
  })
  .superRefine((value, context) => {
    // Both in the console's time zone, in one format: as text they sort as times do.
    if (value.endsAt !== undefined && value.endsAt <= value.startsAt) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: eventFormMessages.endBeforeStart });
    }
  });
export type EventForm = z.infer<typeof eventFormSchema>;

export const startNowSchema = z.object({ title });

/** A burst of listeners the console noticed, not yet named as an event. */
export interface ProposedEvent {
  startsAt: number;
  endsAt: number;
  peak: number;
}

/**
 * The bursts in a series of the venue's periods (oldest first): stretches where the most at once
 * reached a quarter of the series' highest (and at least 5), joined across short lulls, at least
 * half an hour long, that overlap no event named yet — the most recent first.
 */
export function proposeEvents(
  periods: readonly { at: number; span: number; peak: number | null }[],
  named: readonly { startsAt: number; endsAt: number | null }[],
  options: { lullMs?: number; shortestMs?: number; most?: number } = {},
): ProposedEvent[] {
  const lullMs = options.lullMs ?? 30 * 60_000;
  const shortestMs = options.shortestMs ?? 30 * 60_000;
  const highest = periods.reduce((most, period) => Math.max(most, period.peak ?? 0), 0);
  const threshold = Math.max(5, highest / 4);
  const bursts: ProposedEvent[] = [];
  for (const period of periods) {
    if ((period.peak ?? 0) < threshold) continue;
    const last = bursts.at(-1);
    if (last && period.at - last.endsAt <= lullMs) {
      last.endsAt = period.at + period.span;
      last.peak = Math.max(last.peak, period.peak!);
    } else {
      bursts.push({ startsAt: period.at, endsAt: period.at + period.span, peak: period.peak! });
    }
  }
  const overlapsNamed = (burst: ProposedEvent) =>
    named.some((event) => event.startsAt < burst.endsAt && (event.endsAt ?? Number.POSITIVE_INFINITY) > burst.startsAt);
  return bursts
    .filter((burst) => burst.endsAt - burst.startsAt >= shortestMs && !overlapsNamed(burst))
    .reverse()
    .slice(0, options.most ?? 3);
}
