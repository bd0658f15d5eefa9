// How long GET /stations?skip=0&take=50 takes over HTTP with a real token, for large fleets.
// It prints the figures and asserts only correctness: timings vary with the machine's load.
import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { StationListSchema } from "../../app/contract/stations";
import { useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator({}, "whole file");

async function measure(path: string, rounds: number) {
  const token = await simulator.tokenFor("Admin");
  const durations: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const response = await fetch(`${simulator.managerUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  const at = (fraction: number) =>
    durations[Math.min(durations.length - 1, Math.floor(durations.length * fraction))]!.toFixed(2);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms over ${rounds} requests`;
}

describe("station list latency", () => {
  for (const stations of [1_000, 5_000]) {
    it(`pages 50 of ${stations} stations`, async () => {
      expect((await simulator.control("/seed", { stations })).body.stations).toBe(stations);
      const path = `${managerPaths.stations()}?skip=0&take=50`;
      const list = StationListSchema.parse((await simulator.call("GET", path)).body);
      expect(list.stations).toHaveLength(50);
      expect(list.visibleStationsCount + list.rejectedStationsCount).toBe(stations);
      await measure(path, 20);
      console.log(`GET ${path} with ${stations} stations: ${await measure(path, 200)}`);
      const sorted = `${managerPaths.stations()}?skip=100&take=50&sortBy=firmwareVersion&sortDirection=desc&search=hall`;
      console.log(`GET ${sorted} with ${stations} stations: ${await measure(sorted, 100)}`);
    });
  }
});
