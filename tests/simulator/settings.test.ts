import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { problemTypes } from "../../app/contract/problems";
import { SettingsSchema, SystemSettingsSchema } from "../../app/contract/settings";
import { expectProblem, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator();

describe("GET /settings", () => {
  it("answers the general settings to every signed-in role", async () => {
    for (const role of ["Admin", "Owner", "Moderator"] as const) {
      const answer = await simulator.call("GET", managerPaths.settings(), { as: role });
      expect(answer.status).toBe(200);
      const settings = SettingsSchema.parse(answer.body);
      expect(settings.accountsUrl).toBe("https://accounts.mobileconnect.example");
      expect(settings.backendVersion).toMatch(/\d+\.\d+\.\d+/);
      expect(settings.systemSettings.dnsDiscoverySettings.useDnsDiscovery).toBe(true);
    }
  });
});

describe("/settings/system", () => {
  it("reads and updates DNS discovery", async () => {
    const read = await simulator.call("GET", managerPaths.systemSettings());
    expect(SystemSettingsSchema.parse(read.body)).toEqual({
      dnsDiscoverySettings: { useDnsDiscovery: true, managerIpAddress: "" },
    });
    const update = { dnsDiscoverySettings: { useDnsDiscovery: false, managerIpAddress: "10.10.20.5" } };
    const answer = await simulator.call("PUT", managerPaths.systemSettings(), { body: update });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(update);
    expect((await simulator.call("GET", managerPaths.settings())).body.systemSettings).toEqual(update);
  });

  it("requires a valid IPv4 manager address when DNS discovery is off", async () => {
    for (const managerIpAddress of ["", "10.10.20", "10.10.20.300", "0.0.0.0", "1.2.3.4567"]) {
      const problem = expectProblem(
        await simulator.call("PUT", managerPaths.systemSettings(), {
          body: { dnsDiscoverySettings: { useDnsDiscovery: false, managerIpAddress } },
        }),
        400,
        problemTypes.validation,
      );
      expect(problem.errors).toHaveProperty(["dnsDiscoverySettings.managerIpAddress"]);
    }
    const shape = expectProblem(
      await simulator.call("PUT", managerPaths.systemSettings(), { body: {} }),
      400,
      problemTypes.validation,
    );
    expect(shape.errors).toHaveProperty("dnsDiscoverySettings");
  });

  it("is not for Moderators", async () => {
    expectProblem(
      await simulator.call("GET", managerPaths.systemSettings(), { as: "Moderator" }),
      403,
      problemTypes.forbidden,
    );
    expectProblem(
      await simulator.call("PUT", managerPaths.systemSettings(), {
        as: "Moderator",
        body: { dnsDiscoverySettings: { useDnsDiscovery: true, managerIpAddress: "" } },
      }),
      403,
      problemTypes.forbidden,
    );
  });
});
