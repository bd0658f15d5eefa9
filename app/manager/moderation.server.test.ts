import { describe, expect, it } from "vitest";
import { oneAtATimePerChannel } from "~/manager/moderation.server";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("oneAtATimePerChannel", () => {
  it("runs work for one channel one after the other, in arrival order", async () => {
    const steps: string[] = [];
    const firstMayFinish = deferred();
    const first = oneAtATimePerChannel("MCS-0043/1", async () => {
      steps.push("first starts");
      await firstMayFinish.promise;
      steps.push("first ends");
      return 1;
    });
    const second = oneAtATimePerChannel("MCS-0043/1", async () => {
      steps.push("second starts");
      return 2;
    });
    await new Promise((settle) => setTimeout(settle, 0));
    expect(steps).toEqual(["first starts"]);
    firstMayFinish.resolve();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(steps).toEqual(["first starts", "first ends", "second starts"]);
  });

  it("lets other channels go ahead, and a failure does not block the next one", async () => {
    const blocked = deferred();
    const slow = oneAtATimePerChannel("MCS-0043/1", () => blocked.promise.then(() => "slow"));
    expect(await oneAtATimePerChannel("MCS-0042/1", async () => "other channel")).toBe("other channel");
    blocked.resolve();
    await slow;
    await expect(
      oneAtATimePerChannel("MCS-0043/1", async () => Promise.reject(new Error("Manager down"))),
    ).rejects.toThrow("Manager down");
    expect(await oneAtATimePerChannel("MCS-0043/1", async () => "after the failure")).toBe("after the failure");
  });
});
