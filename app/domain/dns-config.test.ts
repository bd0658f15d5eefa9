import { describe, expect, it } from "vitest";
import { activeDnsConfig, dnsSettingsForSave, isDnsConfigChanged, managerIpError } from "~/domain/dns-config";

const dns = (useDnsDiscovery: boolean, managerIpAddress = "") => ({ useDnsDiscovery, managerIpAddress });

describe("the DNS configuration card", () => {
  it("needs a valid manager IP only while DNS discovery is off", () => {
    expect(managerIpError(dns(true, ""))).toBeNull();
    expect(managerIpError(dns(true, "nonsense"))).toBeNull();
    expect(managerIpError(dns(false, ""))).toBe("ipRequired");
    expect(managerIpError(dns(false, "   "))).toBe("ipRequired");
    expect(managerIpError(dns(false, "10.10.20"))).toBe("ipInvalid");
    expect(managerIpError(dns(false, "10.10.20.300"))).toBe("ipInvalid");
    expect(managerIpError(dns(false, "0.0.0.0"))).toBe("ipInvalid");
    expect(managerIpError(dns(false, " 10.10.20.5 "))).toBeNull();
  });

  it("counts the IP as a change only while discovery is off", () => {
    expect(isDnsConfigChanged(dns(true, ""), dns(true, ""))).toBe(false);
    expect(isDnsConfigChanged(dns(true, "10.0.0.9"), dns(true, ""))).toBe(false);
    expect(isDnsConfigChanged(dns(false, ""), dns(true, ""))).toBe(true);
    expect(isDnsConfigChanged(dns(false, "10.0.0.5 "), dns(false, "10.0.0.5"))).toBe(false);
    expect(isDnsConfigChanged(dns(false, "10.0.0.6"), dns(false, "10.0.0.5"))).toBe(true);
  });

  it("keeps the stored IP when discovery is switched on", () => {
    expect(dnsSettingsForSave(dns(true, "typed"), dns(false, "10.0.0.5"))).toEqual(dns(true, "10.0.0.5"));
    expect(dnsSettingsForSave(dns(false, " 10.0.0.6 "), dns(true, ""))).toEqual(dns(false, "10.0.0.6"));
  });

  it("shows what is active", () => {
    expect(activeDnsConfig(dns(true, "10.0.0.5"))).toEqual({ kind: "dns" });
    expect(activeDnsConfig(dns(false, "10.0.0.5"))).toEqual({ kind: "ip", ip: "10.0.0.5" });
  });
});
