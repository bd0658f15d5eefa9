// The controls that make the alert rules' conditions happen (issue 36), read back the way the
// console's listening sampler reads them for the alerts (app/alerts/manager-facts.ts): a station
// presenting another certificate raises the Manager's "fingerprint changed" event, and a device
// the Manager never saw knocks and waits to be authorized.
import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { problemTypes } from "../../app/contract/problems";
import { StationSchema } from "../../app/contract/stations";
import { fingerprintConditions, noFacts, unauthorizedOf, withFacts } from "../../app/alerts/manager-facts";
import { listStationListeners } from "../../app/manager/stations.server";
import { getSystemEvents } from "../../app/manager/system-events.server";
import { expectProblem, managerClientAs, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator();
const everything = { firmware: true, systemEvents: true };

async function fingerprintChangedFor() {
  const manager = await managerClientAs(simulator, "Admin");
  const { systemEvents } = await getSystemEvents(manager, { skip: 0, take: 100 });
  const known = withFacts(noFacts, { unauthorized: [], firmware: null, systemEvents }, Date.now(), everything);
  return fingerprintConditions(known, () => null).map((condition) => condition.serialNumber);
}

async function waiting() {
  const manager = await managerClientAs(simulator, "Admin");
  return unauthorizedOf((await listStationListeners(manager, { skip: 0, take: 1000 })).stations);
}

describe("POST /__simulator/stations/:serialNumber/fingerprint", () => {
  it("raises the Manager's fingerprint changed event for the station, until it is dismissed", async () => {
    // The default fleet's MCS-0047 changed its certificate a day ago and was never accepted since.
    expect(await fingerprintChangedFor()).toEqual(["MCS-0047"]);
    const { body } = await simulator.control("/stations/MCS-0042/fingerprint", {});
    expect(body.currentFingerprint).not.toBe(body.storedFingerprint);
    expect(await fingerprintChangedFor()).toEqual(["MCS-0042", "MCS-0047"]);

    const { systemEvents } = (await simulator.call("GET", managerPaths.systemEvents())).body as {
      systemEvents: { id: string; code: string; stationSerialNumber: string | null; parameters: object }[];
    };
    const raised = systemEvents[0]!;
    expect(raised).toMatchObject({
      code: "fingerprintChanged",
      stationSerialNumber: "MCS-0042",
      parameters: { serialNumber: "MCS-0042", stationName: "Main Hall" },
    });
    expect((await simulator.call("PUT", managerPaths.dismissSystemEvent(raised.id))).status).toBe(200);
    expect(await fingerprintChangedFor()).toEqual(["MCS-0047"]);
  });

  it("raises nothing when the device presents the fingerprint it had", async () => {
    const { body } = await simulator.control("/stations/MCS-0042/fingerprint", { fingerprint: "AA:BB" });
    const before = await fingerprintChangedFor();
    await simulator.control("/stations/MCS-0042/fingerprint", { fingerprint: body.currentFingerprint });
    expect(await fingerprintChangedFor()).toEqual(before);
  });
});

describe("POST /__simulator/stations/:serialNumber/knock", () => {
  it("makes a device the Manager never saw a new station asking to be authorized", async () => {
    const before = await waiting();
    // The default fleet's own: the e2e tests of the rule see them too.
    expect(before.map((station) => station.serialNumber).sort()).toEqual(["MCS-0046", "MCS-0047"]);
    const answer = await simulator.control("/stations/MCS-7001/knock", {});
    expect(answer.status).toBe(200);
    const station = StationSchema.parse(answer.body);
    expect(station).toMatchObject({
      serialNumber: "MCS-7001",
      name: null,
      deviceState: { computedState: "Unauthorized" },
      authorization: { isAuthorized: false, isRejected: false },
    });
    expect(await waiting()).toEqual([...before, { serialNumber: "MCS-7001", name: null }]);
    const { systemEvents } = (await simulator.call("GET", managerPaths.systemEvents())).body as {
      systemEvents: { code: string; stationSerialNumber: string | null }[];
    };
    expect(systemEvents[0]).toMatchObject({ code: "stationDiscovered", stationSerialNumber: "MCS-7001" });

    // Accepted with the fingerprint it presents, it waits no more.
    const accepted = await simulator.call("PUT", managerPaths.acceptStation("MCS-7001"), {
      body: { fingerprint: station.authorization.fingerprint },
    });
    expect(accepted.status).toBe(200);
    expect(await waiting()).toEqual(before);
  });

  it("reconnects a station the Manager let go, and refuses one connected already or a serial number no path carries", async () => {
    expect((await simulator.call("DELETE", managerPaths.station("MCS-0042"))).status).toBe(204);
    expect((await simulator.control("/stations/MCS-0042/knock", {})).body).toMatchObject({
      serialNumber: "MCS-0042",
      deviceState: { computedState: "Unauthorized" },
    });
    expectProblem(await simulator.control("/stations/MCS-0043/knock", {}), 409, problemTypes.conflict);
    expectProblem(await simulator.control("/stations/%20MCS/knock", {}), 400, problemTypes.validation);
  });
});
