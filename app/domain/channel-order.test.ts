import { describe, expect, it } from "vitest";
import { channelOrderPayload, clampPosition, inAppOrder, isSameOrder, moveChannel } from "~/domain/channel-order";

describe("inAppOrder", () => {
  it("orders by sortId, then station and index", () => {
    const channels = [
      { id: "c", sortId: 3, stationSerialNumber: "MCS-2", index: 1 },
      { id: "b", sortId: 1, stationSerialNumber: "MCS-2", index: 2 },
      { id: "a", sortId: 1, stationSerialNumber: "MCS-1", index: 1 },
    ];
    expect(inAppOrder(channels).map((channel) => channel.id)).toEqual(["a", "b", "c"]);
  });
});

describe("moveChannel", () => {
  const order = ["a", "b", "c", "d"];

  it("moves a channel up, down, to the top and to the end", () => {
    expect(moveChannel(order, "c", 2)).toEqual(["a", "c", "b", "d"]);
    expect(moveChannel(order, "a", 2)).toEqual(["b", "a", "c", "d"]);
    expect(moveChannel(order, "d", 1)).toEqual(["d", "a", "b", "c"]);
    expect(moveChannel(order, "a", 4)).toEqual(["b", "c", "d", "a"]);
  });

  it("is harmless when sent twice: the target position travels with the form", () => {
    const once = moveChannel(order, "c", 2)!;
    expect(moveChannel(once, "c", 2)).toEqual(once);
  });

  it("clamps positions outside 1..n and refuses unknown channels", () => {
    expect(moveChannel(order, "b", 0)).toEqual(["b", "a", "c", "d"]);
    expect(moveChannel(order, "b", 99)).toEqual(["a", "c", "d", "b"]);
    expect(moveChannel(order, "x", 1)).toBeNull();
    expect(clampPosition(Number.NaN, 4)).toBe(1);
    expect(clampPosition(2.4, 4)).toBe(2);
  });
});

describe("channelOrderPayload", () => {
  it("gives every channel its position from 1", () => {
    expect(channelOrderPayload(["b", "a", "c"])).toEqual({ b: 1, a: 2, c: 3 });
    expect(channelOrderPayload([])).toEqual({});
  });

  it("tells whether anything changed", () => {
    expect(isSameOrder(["a", "b"], ["a", "b"])).toBe(true);
    expect(isSameOrder(["a", "b"], ["b", "a"])).toBe(false);
  });
});
