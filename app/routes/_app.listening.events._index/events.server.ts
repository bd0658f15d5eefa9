// What /listening/events shows: the events, newest first (20 a page); the bursts of listeners of
// the last week not named yet (proposals); the stations and channels an event can be about.
import { alignedEdges, dayMs, quarterMs, venueEntityId } from "~/domain/listening-series";
import { proposeEvents } from "~/domain/listening-events";
import { localText } from "~/domain/listening-ranges";
import { eventRow, scopeStations } from "~/listening/event-rows.server";
import { historyMarks, readSeries } from "~/listening/history.server";
import { numberText, timeFormatter } from "~/listening/chart.server";
import { eventsPageSize } from "~/listening/page-sizes";
import type { ListeningStore } from "~/records/listening";

export interface ProposalRow {
  startsText: string;
  endsText: string;
  peakText: string;
  /** As the form's fields take them (local "YYYY-MM-DDTHH:MM"). */
  startsAt: string;
  endsAt: string;
}

export async function loadEvents(store: ListeningStore, options: { page: number; now: number; locale: string }) {
  const { page, now, locale } = options;
  const week = { from: now - 7 * dayMs, to: now };
  const [listed, marks, entities, named] = await Promise.all([
    store.events.list({ skip: (page - 1) * eventsPageSize, take: eventsPageSize }),
    historyMarks(store),
    store.entities(),
    store.events.overlapping(week),
  ]);
  const series = await readSeries(store, marks, {
    entityIds: [venueEntityId],
    edges: alignedEdges(Math.ceil(week.from / quarterMs) * quarterMs, now, quarterMs),
    now,
    periodMs: quarterMs,
  });
  const format = timeFormatter(locale, 30 * dayMs);
  const proposals = proposeEvents(series.get(venueEntityId)!, named).map((proposal): ProposalRow => ({
    startsText: format.format(proposal.startsAt),
    endsText: format.format(proposal.endsAt),
    peakText: numberText(proposal.peak, locale),
    startsAt: localText(proposal.startsAt),
    endsAt: localText(proposal.endsAt),
  }));
  return {
    events: listed.rows.map((event) => eventRow(event, now, locale)),
    total: listed.total,
    proposals,
    stations: scopeStations(entities),
  };
}
