// One event and its report, for its page, its printed sheet and its CSV: the event named in the
// URL (an unknown one is the not-found page), read within the history's bound.
import { errorPage } from "~/error-pages.server";
import { loadEventReport } from "./report.server";
import { scopeNames } from "./report-view.server";
import { listeningStore, readOrPage } from "./store.server";

export async function eventAndReport(eventId: string, locale: string, now = Date.now()) {
  const store = listeningStore();
  return readOrPage(async () => {
    const event = await store.events.get(eventId);
    if (!event) throw errorPage("notFound");
    const [loaded, entities] = await Promise.all([loadEventReport(store, event, now, locale), store.entities()]);
    return { event, loaded, entities, names: scopeNames(entities, event.scope) };
  });
}
