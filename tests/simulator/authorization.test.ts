import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { StationListSchema, StationSchema } from "../../app/contract/stations";
import { FingerprintMismatchDetailSchema, problemTypes } from "../../app/contract/problems";
import { eventually, expectProblem, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator();

const station = async (serialNumber: string) =>
  StationSchema.parse((await simulator.call("GET", managerPaths.station(serialNumber))).body);
const stationList = async () => StationListSchema.parse((await simulator.call("GET", managerPaths.stations())).body);

describe("PUT /authorization/{serialNumber}/Accept", () => {
  it("accepts a station with its fingerprint: it becomes connected and joins the app view", async () => {
    // A factory reset leaves a connected station unauthorized, with a fingerprint both sides agree on.
    await simulator.call("PUT", managerPaths.restoreFactorySettings("MCS-0043"), {
      body: { options: { keepNetworkSettings: true } },
    });
    const unauthorized = await eventually(async () => {
      const current = await station("MCS-0043");
      return current.deviceState.computedState === "Unauthorized" && current;
    });
    const answer = await simulator.call("PUT", managerPaths.acceptStation("MCS-0043"), {
      body: { fingerprint: unauthorized.authorization.fingerprint },
    });
    expect(answer.status).toBe(200);
    expect(StationSchema.parse(answer.body).deviceState.computedState).toBe("Connected");
    const appView = (await simulator.call("GET", managerPaths.appView())).body;
    expect(appView.stations["MCS-0043"]).toBeDefined();
    // Accepting twice is harmless.
    expect(
      (await simulator.call("PUT", managerPaths.acceptStation("MCS-0043"), { body: { fingerprint: "any" } })).status,
    ).toBe(200);
  });

  it("answers 409 error:fingerprint-mismatch with the current fingerprint, then accepts it", async () => {
    const before = await station("MCS-0047");
    const mismatch = expectProblem(
      await simulator.call("PUT", managerPaths.acceptStation("MCS-0047"), {
        body: { fingerprint: before.authorization.fingerprint },
      }),
      409,
      problemTypes.fingerprintMismatch,
    );
    const { currentFingerprint } = FingerprintMismatchDetailSchema.parse(JSON.parse(mismatch.detail!));
    expect(currentFingerprint).not.toBe(before.authorization.fingerprint);
    // The Manager now stores what the station presents, so a refresh shows it.
    expect((await station("MCS-0047")).authorization.fingerprint).toBe(currentFingerprint);

    const accepted = await simulator.call("PUT", managerPaths.acceptStation("MCS-0047"), {
      body: { fingerprint: currentFingerprint },
    });
    expect(accepted.status).toBe(200);
    expect(StationSchema.parse(accepted.body).authorization.isAuthorized).toBe(true);
  });

  it("keeps the stored fingerprint when the device's changes, until an Accept fails", async () => {
    const { body } = await simulator.control("/stations/MCS-0046/fingerprint", {});
    expect(body.storedFingerprint).not.toBe(body.currentFingerprint);
    expect((await station("MCS-0046")).authorization.fingerprint).toBe(body.storedFingerprint);
  });

  it("answers 409 error:station-not-ready while the station is getting ready", async () => {
    const gettingReady = await station("MCS-0046");
    expect(gettingReady.deviceState.isReady).toBe(false);
    expectProblem(
      await simulator.call("PUT", managerPaths.acceptStation("MCS-0046"), {
        body: { fingerprint: gettingReady.authorization.fingerprint },
      }),
      409,
      problemTypes.stationNotReady,
    );
  });

  it("answers 400 without a fingerprint, 404 for an unknown station, 403 to a Moderator", async () => {
    const problem = expectProblem(
      await simulator.call("PUT", managerPaths.acceptStation("MCS-0047"), { body: {} }),
      400,
      problemTypes.validation,
    );
    expect(problem.errors).toHaveProperty("fingerprint");
    expectProblem(
      await simulator.call("PUT", managerPaths.acceptStation("MCS-9999"), { body: { fingerprint: "AA" } }),
      404,
      problemTypes.notFound,
    );
    expectProblem(
      await simulator.call("PUT", managerPaths.acceptStation("MCS-0047"), {
        body: { fingerprint: "AA" },
        as: "Moderator",
      }),
      403,
      problemTypes.forbidden,
    );
  });
});

describe("PUT Reject and ResetRejectedStations", () => {
  it("hides a rejected station and counts it; a reset clears the count and the station returns when it reconnects", async () => {
    expect((await simulator.call("PUT", managerPaths.rejectStation("MCS-0047"))).status).toBe(200);
    let list = await stationList();
    expect(list.rejectedStationsCount).toBe(2);
    expect(list.stations.map((s) => s.serialNumber)).not.toContain("MCS-0047");

    expect((await simulator.call("PUT", managerPaths.resetRejectedStations())).status).toBe(204);
    list = await stationList();
    expect(list.rejectedStationsCount).toBe(0);
    expect(list.visibleStationsCount).toBe(8);
    expectProblem(await simulator.call("GET", managerPaths.station("MCS-0049")), 404, problemTypes.notFound);

    await simulator.control("/stations/MCS-0049/reconnect", {});
    const back = await station("MCS-0049");
    expect(back.deviceState.computedState).toBe("Unauthorized");
    expect(back.authorization.isRejected).toBe(false);
  });

  it("refuses to reject an authorized station and to accept a rejected one", async () => {
    expectProblem(await simulator.call("PUT", managerPaths.rejectStation("MCS-0042")), 409, problemTypes.conflict);
    const rejected = await station("MCS-0049");
    expectProblem(
      await simulator.call("PUT", managerPaths.acceptStation("MCS-0049"), {
        body: { fingerprint: rejected.authorization.fingerprint },
      }),
      409,
      problemTypes.conflict,
    );
  });

  it("answers 404 and 403 like every station call", async () => {
    expectProblem(await simulator.call("PUT", managerPaths.rejectStation("MCS-9999")), 404, problemTypes.notFound);
    expectProblem(
      await simulator.call("PUT", managerPaths.resetRejectedStations(), { as: "Moderator" }),
      403,
      problemTypes.forbidden,
    );
  });
});
