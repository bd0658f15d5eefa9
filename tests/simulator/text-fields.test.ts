// The Manager's texts take text (issue 25): names, onboarding texts, search domains and addresses
// with a control or format character — or a name with nothing visible — are refused with the
// usual validation problem at the field, and nothing is stored. The same rule as the console's
// forms (app/domain/text-fields.ts), so a caller that skips the console meets the same refusal.
import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { ModerationListSchema } from "../../app/contract/moderation";
import { problemTypes } from "../../app/contract/problems";
import type { NetworkInterfaceSettings } from "../../app/contract/station-parts";
import { StationSchema } from "../../app/contract/stations";
import { TokenListSchema } from "../../app/contract/tokens";
import { expectProblem, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator();

const station = async (serialNumber: string) =>
  StationSchema.parse((await simulator.call("GET", managerPaths.station(serialNumber))).body);

/** One of each: nothing visible, a zero-width space inside, a right-to-left override, NUL, a tab. */
const invisibleNames = ["\u200B", " \u200D\uFEFF ", "\u3164"];
const hiddenCharacters = ["Main\u200BHall", "Hall \u202Eevil", "Hall\u0000", "Main\tHall"];

async function refused(method: string, path: string, body: unknown, field: string, as?: "Moderator") {
  const problem = expectProblem(await simulator.call(method, path, { body, as }), 400, problemTypes.validation);
  expect(problem.errors, `${path} ${JSON.stringify(body)}`).toHaveProperty([field]);
}

describe("names take text", () => {
  it("UpdateName refuses a name without a visible character or with a hidden one; the station keeps its name", async () => {
    for (const name of [...invisibleNames, ...hiddenCharacters]) {
      await refused("PUT", managerPaths.updateName("MCS-0042"), { name }, "name");
    }
    expect((await station("MCS-0042")).name).toBe("Main Hall");
    const renamed = await simulator.call("PUT", managerPaths.updateName("MCS-0042"), {
      body: { name: "Salle ❤️ 大厅" },
    });
    expect(renamed.status).toBe(200);
  });

  it("UpdateAudioChannel refuses such a channel name or group", async () => {
    const update = {
      index: 1,
      name: "Main Hall – English",
      group: "Main Hall",
      isHidden: false,
      isEnabled: true,
      uplinkEnabled: false,
      uplinkOutputIndex: null,
      inputInterfaceLeft: 0,
      inputInterfaceRight: null,
      regenerateAccess: false,
    };
    const path = managerPaths.updateAudioChannel("MCS-0042");
    await refused("PUT", path, { ...update, name: "\u200B" }, "name");
    await refused("PUT", path, { ...update, name: "English\u202E" }, "name");
    await refused("PUT", path, { ...update, group: "Main\u0000Hall" }, "group");
    expect((await station("MCS-0042")).audioChannels[0]).toMatchObject({ name: "Main Hall – English" });
  });

  it("UpdateChannelDetails (moderation) refuses such a channel name", async () => {
    const list = ModerationListSchema.parse(
      (await simulator.call("GET", managerPaths.moderation(), { as: "Moderator" })).body,
    );
    const channel = list.find((candidate) => candidate.stationSerialNumber === "MCS-0043")!;
    const settings = { pinCode: "", uplinkEnabled: true, uplinkMuted: false, isQueueEnabled: true };
    for (const name of ["\u200B", "Questions\u2066"]) {
      await refused(
        "PUT",
        managerPaths.updateModerationChannel(channel.id),
        { ...settings, name },
        "name",
        "Moderator",
      );
    }
  });

  it("a new API token needs a name that shows and takes only text", async () => {
    const before = TokenListSchema.parse((await simulator.call("GET", managerPaths.tokens())).body);
    for (const name of ["\u200B", "Kiosk\u202E"]) {
      await refused("POST", managerPaths.tokens(), { name, expiryInDays: 7, scopes: ["stations.read"] }, "name");
    }
    expect(TokenListSchema.parse((await simulator.call("GET", managerPaths.tokens())).body)).toEqual(before);
  });
});

describe("other texts take text", () => {
  it("onboarding headlines and texts; a text keeps its line breaks", async () => {
    const png =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    const configuration = {
      isActive: true,
      logo: png,
      backgroundColor: "112233",
      highlightColor: "FFAA00",
      fontColor: "dark",
      onboardings: [{ sortId: 1, headline: "Welcome", text: "Pick a channel.", picture: null }],
    };
    const screen = configuration.onboardings[0]!;
    const path = managerPaths.appCustomization();
    await refused(
      "POST",
      path,
      { ...configuration, onboardings: [{ ...screen, headline: "Wel\u200Bcome" }] },
      "onboardings.0.headline",
    );
    await refused(
      "POST",
      path,
      { ...configuration, onboardings: [{ ...screen, text: "Pick\u0007" }] },
      "onboardings.0.text",
    );
    expect((await simulator.call("GET", path)).status).toBe(204);
    const created = await simulator.call("POST", path, {
      body: { ...configuration, onboardings: [{ ...screen, text: "Pick a channel.\r\nListen." }] },
    });
    expect(created.status).toBe(201);
  });

  it("network settings: search domains, host name and addresses", async () => {
    const dynamic: NetworkInterfaceSettings = {
      mode: "Dynamic",
      ip: "",
      netmask: "",
      gateway: "",
      dns1: "",
      dns2: "",
      dns3: "",
      searchDomains: [],
      fqdn: "",
    };
    const path = managerPaths.updateNetworkSettings("MCS-0042");
    const body = (control: Partial<NetworkInterfaceSettings>) => ({
      controlNetworkInterface: { ...dynamic, ...control },
      streamingNetworkInterface: dynamic,
    });
    await refused(
      "PUT",
      path,
      body({ searchDomains: ["venue.local", "ven\u200Bue.local"] }),
      "controlNetworkInterface.searchDomains.1",
    );
    await refused("PUT", path, body({ fqdn: "station\u202E.local" }), "controlNetworkInterface.fqdn");
    await refused("PUT", path, body({ gateway: "10.0.0.1\u0000" }), "controlNetworkInterface.gateway");
  });

  it("the manager IP address of the system settings and of a station's DNS discovery", async () => {
    await refused(
      "PUT",
      managerPaths.systemSettings(),
      { dnsDiscoverySettings: { useDnsDiscovery: true, managerIpAddress: "10.0.0.5\u200B" } },
      "dnsDiscoverySettings.managerIpAddress",
    );
    await refused(
      "PUT",
      managerPaths.stationConfiguration("MCS-0042"),
      { dnsDiscovery: { useDnsDiscovery: true, managerIpAddress: "\u202E10.0.0.5" } },
      "dnsDiscovery.managerIpAddress",
    );
  });
});
