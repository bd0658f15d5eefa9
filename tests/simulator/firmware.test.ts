import { describe, expect, it } from "vitest";
import { hubMessages } from "../../app/contract/hubs";
import { managerPaths } from "../../app/contract/paths";
import { StationSchema } from "../../app/contract/stations";
import { updateStatus } from "../../app/contract/enums";
import {
  FirmwareInfoListSchema,
  FirmwareInfoSchema,
  UpdateMetadataSchema,
  type FirmwareInfo,
} from "../../app/contract/firmware";
import { problemTypes } from "../../app/contract/problems";
import { compareVersions } from "../../app/domain/firmware";
import { listenToHub } from "../support/hub-client";
import { eventually, expectProblem, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator({}, "on demand");

const start = async (speed = 200) => {
  await simulator.startWith({ speed });
};

async function firmwareOf(serialNumber: string): Promise<FirmwareInfo> {
  const answer = await simulator.call("GET", `${managerPaths.firmware()}?serialNumber=${serialNumber}`);
  return FirmwareInfoListSchema.parse(answer.body).firmwareInfos[0]!;
}

async function metadata() {
  const answer = await simulator.call("GET", managerPaths.updateMetadata());
  expect(answer.status).toBe(200);
  return UpdateMetadataSchema.parse(answer.body);
}

const firmwareId = async (version: string) =>
  (await metadata()).updateMetadata["2"]!.find((f) => f.version === version)!.id;

describe("firmware infos and metadata", () => {
  it("answers every station's firmware, and the available firmware per station type", async () => {
    await start();
    const infos = FirmwareInfoListSchema.parse(
      (await simulator.call("GET", managerPaths.firmware())).body,
    ).firmwareInfos;
    expect(infos.find((info) => info.serialNumber === "MCS-0044")).toMatchObject({
      currentVersion: "6.0.3",
      status: updateStatus.Rebooting,
    });
    const { updateMetadata, lastFirmwareUpdateCheckTime } = await metadata();
    expect(Object.keys(updateMetadata).sort()).toEqual(["1", "2"]);
    const versions = updateMetadata["2"]!.map((firmware) => firmware.version);
    expect(versions).toEqual(expect.arrayContaining(["6.0.3", "6.1.0", "6.10.0", "6.2.0", "6.2.0.1"]));
    expect([...versions].sort(compareVersions).at(-1)).toBe("6.10.0");
    expect(lastFirmwareUpdateCheckTime).not.toBeNull();
  });
});

describe("PUT SyncUpdateMetadata", () => {
  it("updates the check time, and answers 503 noInternet while the internet is off", async () => {
    await start();
    const before = (await metadata()).lastFirmwareUpdateCheckTime!;
    const synced = await simulator.call("PUT", managerPaths.syncUpdateMetadata());
    expect(synced.status).toBe(200);
    expect(Date.parse((await metadata()).lastFirmwareUpdateCheckTime!)).toBeGreaterThan(Date.parse(before));

    await simulator.control("/faults", { noInternet: true });
    const problem = expectProblem(
      await simulator.call("PUT", managerPaths.syncUpdateMetadata()),
      503,
      problemTypes.noInternet,
    );
    expect(JSON.parse(problem.detail!)).toEqual({ status: "noInternet" });
    expectProblem(
      await simulator.call("PUT", managerPaths.syncUpdateMetadata(), { as: "Moderator" }),
      403,
      problemTypes.forbidden,
    );
  });
});

describe("PUT Update/{firmwareId}", () => {
  it("walks through the update statuses to Current, and the version changes at the end", async () => {
    await start(25);
    // 20 s simulated instead of a realistic two minutes: under a second at 25×.
    await simulator.control("/firmware", { durationMs: 20_000 });
    const updater = await listenToHub(
      simulator.managerUrl,
      "updaterHub",
      [hubMessages.updaterHub.firmwareChanged],
      () => simulator.tokenFor("Admin"),
    );
    try {
      // 6.2.0.1 is not on the Manager yet: it downloads from the internet first.
      const answer = await simulator.call(
        "PUT",
        managerPaths.startFirmwareUpdate("MCS-0042", await firmwareId("6.2.0.1")),
        {
          body: { eulaAccepted: true },
        },
      );
      expect(answer.status).toBe(202);
      expect(FirmwareInfoSchema.parse(answer.body)).toMatchObject({
        status: updateStatus.DownloadingToManager,
        targetVersion: "6.2.0.1",
      });
      await eventually(async () => (await firmwareOf("MCS-0042")).status === updateStatus.Current);
      const statuses = updater.messages
        .map(({ args }) => FirmwareInfoSchema.parse(args[0]))
        .filter((info) => info.serialNumber === "MCS-0042")
        .map((info) => info.status)
        .filter((status, position, all) => all[position - 1] !== status);
      expect(statuses).toEqual([
        updateStatus.DownloadingToManager,
        updateStatus.Downloading,
        updateStatus.Verifying,
        updateStatus.Applying,
        updateStatus.Rebooting,
        updateStatus.RebootingAfterUpdate,
        updateStatus.Current,
      ]);
      const updated = StationSchema.parse((await simulator.call("GET", managerPaths.station("MCS-0042"))).body);
      expect(updated.currentFirmwareVersion).toBe("6.2.0.1");
      expect(updated.deviceState.computedState).toBe("Connected");
    } finally {
      await updater.stop();
    }
  });

  it("ends in UpdateFailed when the test control asks for it, on the old version", async () => {
    await start();
    await simulator.control("/firmware/MCS-0042/fail-next-update", {});
    await simulator.call("PUT", managerPaths.startFirmwareUpdate("MCS-0042", await firmwareId("6.10.0")), {
      body: { eulaAccepted: true },
    });
    const failed = await eventually(async () => {
      const info = await firmwareOf("MCS-0042");
      return info.status === updateStatus.UpdateFailed && info;
    });
    expect(failed.currentVersion).toBe("6.2.0");
  });

  it("lets an UpdateRequired station update and become connected", async () => {
    await start();
    expect((await simulator.call("GET", managerPaths.station("MCS-0048"))).body.deviceState.computedState).toBe(
      "UpdateRequired",
    );
    await simulator.call("PUT", managerPaths.startFirmwareUpdate("MCS-0048", await firmwareId("6.10.0")), {
      body: { eulaAccepted: true },
    });
    await eventually(
      async () =>
        (await simulator.call("GET", managerPaths.station("MCS-0048"))).body.deviceState.computedState === "Connected",
    );
  });

  it("lets the 6.0.3 station stuck in Rebooting update its way out of the broken state", async () => {
    await start();
    expectProblem(
      await simulator.call("PUT", managerPaths.updateName("MCS-0044"), { body: { name: "X" } }),
      409,
      problemTypes.stationNotEditable,
    );
    expect(
      (
        await simulator.call("PUT", managerPaths.startFirmwareUpdate("MCS-0044", await firmwareId("6.10.0")), {
          body: { eulaAccepted: true },
        })
      ).status,
    ).toBe(202);
    const fixed = await eventually(async () => {
      const info = await firmwareOf("MCS-0044");
      return info.status === updateStatus.Current && info;
    });
    expect(fixed.currentVersion).toBe("6.10.0");
    expect((await simulator.call("GET", managerPaths.station("MCS-0044"))).body.functionalities.canReboot).toBe(true);
  });

  it("needs the internet to download firmware the Manager does not have yet", async () => {
    await start();
    await simulator.control("/faults", { noInternet: true });
    expectProblem(
      await simulator.call("PUT", managerPaths.startFirmwareUpdate("MCS-0042", await firmwareId("6.2.0.1")), {
        body: { eulaAccepted: true },
      }),
      503,
      problemTypes.noInternet,
    );
    // 6.10.0 was downloaded before: no internet needed.
    expect(
      (
        await simulator.call("PUT", managerPaths.startFirmwareUpdate("MCS-0042", await firmwareId("6.10.0")), {
          body: { eulaAccepted: true },
        })
      ).status,
    ).toBe(202);
  });

  it("answers 400 without the EULA, 404 for unknown firmware or station, 409 for the wrong type or state, 403 to a Moderator", async () => {
    await start();
    const id = await firmwareId("6.10.0");
    const eula = expectProblem(
      await simulator.call("PUT", managerPaths.startFirmwareUpdate("MCS-0042", id), { body: { eulaAccepted: false } }),
      400,
      problemTypes.validation,
    );
    expect(eula.errors).toHaveProperty("eulaAccepted");
    expectProblem(
      await simulator.call("PUT", managerPaths.startFirmwareUpdate("MCS-0042", "mcs-200-9.9.9"), {
        body: { eulaAccepted: true },
      }),
      404,
      problemTypes.notFound,
    );
    expectProblem(
      await simulator.call("PUT", managerPaths.startFirmwareUpdate("MCS-9999", id), { body: { eulaAccepted: true } }),
      404,
      problemTypes.notFound,
    );
    expectProblem(
      await simulator.call("PUT", managerPaths.startFirmwareUpdate("MCS-0012", id), { body: { eulaAccepted: true } }),
      409,
      problemTypes.conflict,
    );
    expectProblem(
      await simulator.call("PUT", managerPaths.startFirmwareUpdate("MCS-0045", id), { body: { eulaAccepted: true } }),
      409,
      problemTypes.stationNotEditable,
    );
    expectProblem(
      await simulator.call("PUT", managerPaths.startFirmwareUpdate("MCS-0042", id), {
        body: { eulaAccepted: true },
        as: "Moderator",
      }),
      403,
      problemTypes.forbidden,
    );
  });
});
