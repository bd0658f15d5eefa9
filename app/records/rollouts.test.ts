import { describe, expect, it } from "vitest";
import { assignWaves } from "./rollouts";

describe("assignWaves", () => {
  it("puts the first stations in the first wave, then the rest in waves of the given size", () => {
    const waves = assignWaves(["a", "b", "c", "d", "e", "f", "g"], 1, 5).map(({ station, wave }) => [station, wave]);
    expect(waves).toEqual([
      ["a", 0],
      ["b", 1],
      ["c", 1],
      ["d", 1],
      ["e", 1],
      ["f", 1],
      ["g", 2],
    ]);
  });

  it("treats sizes below one as one", () => {
    expect(assignWaves(["a", "b", "c"], 0, 0).map(({ wave }) => wave)).toEqual([0, 1, 2]);
  });
});
