// A burst of station updates for the benchmarks: listener counts change on many stations at
// once (what a venue sees when doors open). Real time, independent of the clock's speed, so
// "1,000 updates in one second" means exactly that.
import type { ManagerState } from "../state";

export function startStationUpdateBurst(state: ManagerState, count: number, durationMs: number): { updates: number } {
  const stations = [...state.presentStations()].filter((record) => record.station.audioChannels.length > 0);
  if (stations.length === 0 || count <= 0) return { updates: 0 };
  const interval = durationMs / count;
  let sent = 0;
  const startedAt = Date.now();

  function tick() {
    // Catch up with the schedule in one go: timers on a busy 2-core machine fire late.
    const due = Math.min(count, Math.floor((Date.now() - startedAt) / interval) + 1);
    while (sent < due) {
      const record = stations[sent % stations.length]!;
      const channel = record.station.audioChannels[sent % record.station.audioChannels.length]!;
      channel.listenerCount = (channel.listenerCount + 1) % 40;
      state.commitStation(record, { channels: [channel] });
      sent += 1;
    }
    if (sent < count) setTimeout(tick, Math.max(1, interval)).unref();
  }
  tick();
  return { updates: count };
}
