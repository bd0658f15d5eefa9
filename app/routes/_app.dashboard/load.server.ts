// The dashboard's data: both statistics and the newest system events, in parallel. The events
// are topped up by the spec's rule should the Manager answer fewer than asked while it holds more.
import type { ManagerClient } from "~/manager/http.server";
import { needsTopUp } from "~/domain/system-events";
import type { SystemEvent } from "~/contract/statistics";
import { getAudioChannelCount, getConnectedStationCount } from "~/manager/statistics.server";
import { getSystemEvents } from "~/manager/system-events.server";

export async function newestSystemEvents(manager: ManagerClient, count: number) {
  const first = await getSystemEvents(manager, { skip: 0, take: count });
  const events: SystemEvent[] = [...first.systemEvents];
  let { totalSystemEventCount, dismissableEventCount } = first;
  while (events.length < count && needsTopUp(events.length, totalSystemEventCount)) {
    const more = await getSystemEvents(manager, { skip: events.length, take: count - events.length });
    if (more.systemEvents.length === 0) break;
    const known = new Set(events.map((event) => event.id));
    events.push(...more.systemEvents.filter((event) => !known.has(event.id)));
    ({ totalSystemEventCount, dismissableEventCount } = more);
  }
  return { events, total: totalSystemEventCount, dismissable: dismissableEventCount };
}

export async function loadDashboard(manager: ManagerClient, eventCount: number) {
  const [activeStations, activeChannels, systemEvents] = await Promise.all([
    getConnectedStationCount(manager),
    getAudioChannelCount(manager),
    newestSystemEvents(manager, eventCount),
  ]);
  return { activeStations, activeChannels, systemEvents };
}
