// A station's or a channel's own line of the listener history, for its page (issue 35, item 3):
// the last 24 hours, with a link to more on /listening. Only for those who may see the history;
// a history that cannot be read now says so in the card, and the page itself works on.
import type { SessionUser } from "~/auth/user";
import { can } from "~/domain/permissions";
import { dayMs } from "~/domain/listening-series";
import { periodFor } from "~/domain/listening-ranges";
import { observability } from "~/observability.server";
import { getRuntime } from "~/runtime.server";
import type { HistoryCardView } from "~/components/listening/HistoryCard";
import { historyMarks } from "./history.server";
import { listenersChart } from "./series.server";
import { withinBound } from "./store.server";

type HistoryCard = HistoryCardView;

export async function historyCard(
  user: SessionUser,
  key: { serialNumber: string; channelIndex: number },
  locale: string,
): Promise<HistoryCard | null> {
  const records = getRuntime().records;
  if (!records || !can(user, "listening.show")) return null;
  const search = new URLSearchParams({ station: key.serialNumber });
  if (key.channelIndex > 0) search.set("channel", String(key.channelIndex));
  const link = `/listening?${search}`;
  const store = records.listening;
  try {
    return await withinBound(
      (async (): Promise<HistoryCard> => {
        const [marks, entities] = await Promise.all([historyMarks(store), store.entities()]);
        const entity = entities.find(
          (candidate) => candidate.serialNumber === key.serialNumber && candidate.channelIndex === key.channelIndex,
        );
        if (!entity) return { state: "notSampled", link };
        const now = Date.now();
        const { listenerMs: _sum, ...chart } = await listenersChart(store, marks, {
          entityIds: [entity.id],
          range: { from: now - dayMs, to: now, periodMs: periodFor(dayMs) },
          now,
          locale,
        });
        return { state: "chart", chart, link };
      })(),
    );
  } catch (error) {
    observability().error(error, "The listening history could not be read for a station's page");
    return { state: "unavailable", link };
  }
}
