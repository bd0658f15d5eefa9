// The console's copy of the app view (decision 072): the orders a page is cut from follow every
// change, the stations hub's pushes put stations in and out by the app view's rule, and the copy
// is live only once a full read and the pushes kept meanwhile are in — never in between.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppViewStation } from "../../app/contract/app-view";
import type { Channel } from "../../app/contract/channels";
import { AppViewIndex } from "../../app/venue-copies/app-view-index";
import { appViewContents } from "../../app/venue-copies/app-view-pushes";
import { LiveCopy, type CopyEvents } from "../../app/venue-copies/live-copy";

function channel(serialNumber: string, index: number, sortId: number, changes: Partial<Channel> = {}): Channel {
  return {
    id: `${serialNumber}-${index}`,
    index,
    name: `${serialNumber} channel ${index}`,
    stationSerialNumber: serialNumber,
    inputInterfaceLeft: 1,
    inputInterfaceRight: null,
    pinCode: null,
    uplinkEnabled: false,
    uplinkOutputIndex: null,
    accessOptions: { listId: "l", singleChannelListId: "s" },
    sortId,
    channelId: `ch-${serialNumber}-${index}`,
    group: "Hall",
    isHidden: false,
    isEnabled: true,
    speakerMuted: false,
    uplinkUnmuted: false,
    isQueueEnabled: false,
    speakersWaiting: 0,
    listenerCount: 0,
    ...changes,
  };
}

function station(serialNumber: string, name: string | null, channels: Channel[]): AppViewStation {
  return { serialNumber, name, type: 2, computedState: "Connected", useCaseMode: 0, channels };
}

/** A station as the stations hub pushes it: the Manager's whole station. */
function pushed(entry: AppViewStation, authorization = { isAuthorized: true, isRejected: false }) {
  return {
    id: `id-${entry.serialNumber}`,
    serialNumber: entry.serialNumber,
    name: entry.name,
    model: "MCS",
    type: entry.type,
    deviceState: { computedState: entry.computedState, isReady: true, isChangingMode: false },
    authorization: { fingerprint: "f", ...authorization },
    state: { audioMode: { useCaseMode: entry.useCaseMode } },
    audioChannels: entry.channels,
  };
}

const venue = () => [
  station("B-2", "Balcony", [channel("B-2", 1, 3)]),
  station("A-1", "Main Hall", [channel("A-1", 1, 1), channel("A-1", 2, 2, { group: null, uplinkEnabled: true })]),
];

const names = (index: AppViewIndex, ids: readonly string[]) => ids.map((id) => index.channel(id)!.channel.name);

describe("the app view's orders", () => {
  it("put the channels in app order, the stations by name, and list the ungrouped and audience-mic channels", () => {
    const index = AppViewIndex.of(venue());
    expect(index.order).toEqual(["A-1-1", "A-1-2", "B-2-1"]);
    expect(index.positionOf("B-2-1")).toBe(3);
    expect(index.stationsByLabel).toEqual(["B-2", "A-1"]);
    expect(index.ungrouped).toEqual(["A-1-2"]);
    expect(index.withAudienceMic).toEqual(["A-1-2"]);
  });

  it("follow a move, a rename, a removal and a channel's change", () => {
    const index = AppViewIndex.of(venue());
    expect(index.order).toHaveLength(3);
    index.upsert(station("B-2", "Atrium", [channel("B-2", 1, 1)]));
    index.upsert(station("A-1", "Main Hall", [channel("A-1", 1, 2), channel("A-1", 2, 3, { group: null })]));
    expect(names(index, index.order)).toEqual(["B-2 channel 1", "A-1 channel 1", "A-1 channel 2"]);
    expect(index.stationsByLabel).toEqual(["B-2", "A-1"]);
    index.updateChannel(channel("A-1", 2, 3, { group: "Hall", uplinkEnabled: true, listenerCount: 7 }));
    expect(index.ungrouped).toEqual([]);
    expect(index.withAudienceMic).toEqual(["A-1-2"]);
    expect(index.channel("A-1-2")!.channel.listenerCount).toBe(7);
    index.remove("B-2");
    expect(index.order).toEqual(["A-1-1", "A-1-2"]);
    expect(index.positionOf("A-1-1")).toBe(1);
    expect(index.channel("B-2-1")).toBeUndefined();
  });

  it("change a listener count in place, with the same orders", () => {
    const index = AppViewIndex.of(venue());
    const order = index.order;
    index.updateChannel(channel("A-1", 1, 1, { listenerCount: 12 }));
    expect(index.order).toBe(order);
    expect(index.channel("A-1-1")!.channel.listenerCount).toBe(12);
  });
});

describe("the stations hub's pushes", () => {
  const apply = (index: AppViewIndex, target: string, args: unknown[]) => appViewContents(index).apply(target, args);

  it("add an authorized station, update it, and take it out when removed, rejected or no longer authorized", () => {
    const index = AppViewIndex.of([]);
    const added = station("C-3", "Chapel", [channel("C-3", 1, 1)]);
    expect(apply(index, "StationChanged", [pushed(added), "Add"])).toBe(true);
    expect(index.station("C-3")?.name).toBe("Chapel");
    apply(index, "StationChanged", [pushed({ ...added, name: "Crypt" }), "Update"]);
    expect(index.station("C-3")?.name).toBe("Crypt");
    apply(index, "StationChanged", [pushed(added, { isAuthorized: false, isRejected: false }), "Update"]);
    expect(index.station("C-3")).toBeUndefined();
    apply(index, "StationChanged", [pushed(added), "Update"]);
    apply(index, "StationChanged", [pushed(added, { isAuthorized: true, isRejected: true }), "Update"]);
    expect(index.station("C-3")).toBeUndefined();
    apply(index, "StationChanged", [pushed(added), "Add"]);
    apply(index, "StationChanged", [pushed(added), "Remove"]);
    expect(index.stationCount).toBe(0);
  });

  it("replace a channel, and ignore one of a station outside the app view", () => {
    const index = AppViewIndex.of(venue());
    expect(apply(index, "ChannelChanged", [channel("A-1", 1, 1, { name: "Renamed" }), "Update"])).toBe(true);
    expect(index.channel("A-1-1")!.channel.name).toBe("Renamed");
    expect(apply(index, "ChannelChanged", [channel("Z-9", 1, 9), "Update"])).toBe(true);
    expect(index.channel("Z-9-1")).toBeUndefined();
  });

  it("refuse what is not the contract's shape, so the copy reads everything again", () => {
    const index = AppViewIndex.of(venue());
    expect(apply(index, "StationChanged", [{ serialNumber: "A-1" }, "Update"])).toBe(false);
    expect(apply(index, "StationChanged", [pushed(venue()[0]!), "Replace"])).toBe(false);
    expect(apply(index, "ChannelChanged", [{ id: "A-1-1" }, "Update"])).toBe(false);
  });
});

/** A copy on a hub and a Manager of the test's making. */
function copyOnFakes() {
  let events!: CopyEvents;
  let answer!: (stations: AppViewStation[]) => void;
  let fail!: (error: Error) => void;
  const reads: string[] = [];
  const ends: string[] = [];
  let lenderPresent = true;
  const index = new AppViewIndex();
  const copy = new LiveCopy<AppViewStation[]>({
    subscribe: async (given) => {
      events = given;
      return { stop: async () => {} };
    },
    read: () =>
      new Promise<AppViewStation[]>((resolve, reject) => {
        reads.push("read");
        answer = resolve;
        fail = reject;
      }),
    contents: appViewContents(index),
    lenderPresent: async () => lenderPresent,
    idleMs: 60_000,
    checkEveryMs: 1000,
    ended: (reason) => void ends.push(reason),
  });
  return {
    copy,
    index,
    reads,
    ends,
    events: () => events,
    /** Answers the read in flight now. */
    answer: (stations: AppViewStation[]) => answer(stations),
    /** The answer of the read in flight now, to give later. */
    pending: () => answer,
    fail: (error: Error) => fail(error),
    signOutLender: () => (lenderPresent = false),
  };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("the live copy", () => {
  afterEach(() => vi.useRealTimers());

  it("is live only once its full read is in, with what was pushed during the read applied after it", async () => {
    const fake = copyOnFakes();
    await settled();
    fake.events().connected();
    expect(fake.copy.serve()).toBeNull();
    const [balcony, hall] = venue();
    // Pushed while the read runs: the read's answer may be older than it.
    fake.events().message("StationChanged", [pushed({ ...balcony!, name: "Atrium" }), "Update"]);
    fake.answer([balcony!, hall!]);
    await settled();
    expect(fake.copy.serve()).not.toBeNull();
    expect(fake.index.station("B-2")?.name).toBe("Atrium");
    fake.events().message("StationChanged", [pushed({ ...hall!, name: "Great Hall" }), "Update"]);
    expect(fake.index.station("A-1")?.name).toBe("Great Hall");
  });

  it("stops serving when its connection drops, and reads everything again when it is back", async () => {
    const fake = copyOnFakes();
    await settled();
    fake.events().connected();
    fake.answer(venue());
    await settled();
    fake.events().interrupted();
    expect(fake.copy.serve()).toBeNull();
    fake.events().connected();
    expect(fake.reads).toHaveLength(2);
    expect(fake.copy.serve()).toBeNull();
    fake.answer([venue()[1]!]);
    await settled();
    expect(fake.copy.serve()).not.toBeNull();
    expect(fake.index.stationCount).toBe(1);
  });

  it("drops a read overtaken by a reconnect, so an older answer never makes it live", async () => {
    const fake = copyOnFakes();
    await settled();
    fake.events().connected();
    const first = fake.pending();
    fake.events().interrupted();
    fake.events().connected();
    first(venue());
    await settled();
    expect(fake.copy.serve()).toBeNull();
    fake.answer(venue());
    await settled();
    expect(fake.copy.serve()).not.toBeNull();
  });

  it("reads everything again after a push it cannot apply", async () => {
    const fake = copyOnFakes();
    await settled();
    fake.events().connected();
    fake.answer(venue());
    await settled();
    fake.events().message("StationChanged", [{ serialNumber: "A-1" }, "Update"]);
    expect(fake.reads).toHaveLength(2);
    expect(fake.copy.serve()).toBeNull();
  });

  it("ends when its full read fails, when the hub gives up, and when the session it borrows ends", async () => {
    vi.useFakeTimers();
    const failing = copyOnFakes();
    await vi.advanceTimersByTimeAsync(0);
    failing.events().connected();
    failing.fail(new Error("503"));
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.ends).toEqual(["the full read failed"]);

    const closing = copyOnFakes();
    await vi.advanceTimersByTimeAsync(0);
    closing.events().closed(new Error("gave up"));
    expect(closing.ends).toEqual(["the hub connection closed"]);

    const lent = copyOnFakes();
    await vi.advanceTimersByTimeAsync(0);
    lent.events().connected();
    lent.answer(venue());
    await vi.advanceTimersByTimeAsync(1000);
    expect(lent.copy.serve()).not.toBeNull();
    lent.signOutLender();
    await vi.advanceTimersByTimeAsync(1000);
    expect(lent.ends).toEqual(["the session lent to it has ended"]);
    expect(lent.copy.serve()).toBeNull();
  });

  it("ends when nobody has read it for its idle time", async () => {
    vi.useFakeTimers();
    const fake = copyOnFakes();
    await vi.advanceTimersByTimeAsync(0);
    fake.events().connected();
    fake.answer(venue());
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fake.copy.serve()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(fake.ends).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fake.ends).toEqual(["unused"]);
  });
});
