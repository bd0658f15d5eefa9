import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  dnsDiscoverySchema,
  interfaceFormValues,
  interfaceSettingsToSave,
  networkFieldNames,
  networkSettingsSchema,
  toDnsDiscoverySettings,
  toNetworkInterfaceSettings,
} from "~/domain/network-forms";
import { fieldErrors, formData } from "../../tests/support/form-data";

const staticControl = {
  "control.mode": "Static",
  "control.ip": "10.10.20.42",
  "control.netmask": "255.255.255.0",
  "control.gateway": "10.10.20.1",
  "control.dns1": "10.10.20.1",
  "control.searchDomains": " venue.local, ,hall.venue.local ",
  "control.fqdn": "mcs-0042.venue.local",
  "streaming.mode": "Dynamic",
};

function parse(entries: Record<string, string>) {
  return parseWithZod(formData(entries), { schema: networkSettingsSchema });
}

describe("network settings", () => {
  it("accepts a static interface and a dynamic one, splitting the search domains", () => {
    const submission = parse(staticControl);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(toNetworkInterfaceSettings(submission.value.control)).toEqual({
      mode: "Static",
      ip: "10.10.20.42",
      netmask: "255.255.255.0",
      gateway: "10.10.20.1",
      dns1: "10.10.20.1",
      dns2: "",
      dns3: "",
      searchDomains: ["venue.local", "hall.venue.local"],
      fqdn: "mcs-0042.venue.local",
    });
    expect(toNetworkInterfaceSettings(submission.value.streaming).mode).toBe("Dynamic");
  });

  it("requires a valid IP and netmask and at least one DNS server on a static interface", () => {
    expect(fieldErrors(parse({ ...staticControl, "control.ip": "" }))).toEqual({
      "control.ip": ["stations:validation.ipRequired"],
    });
    expect(fieldErrors(parse({ ...staticControl, "control.ip": "10.10.20.300" }))).toEqual({
      "control.ip": ["stations:validation.ipInvalid"],
    });
    expect(fieldErrors(parse({ ...staticControl, "control.netmask": "255.0.255.0" }))).toEqual({
      "control.netmask": ["stations:validation.netmaskInvalid"],
    });
    expect(fieldErrors(parse({ ...staticControl, "control.netmask": "" }))).toEqual({
      "control.netmask": ["stations:validation.netmaskRequired"],
    });
    expect(fieldErrors(parse({ ...staticControl, "control.dns1": "" }))).toEqual({
      "control.dns1": ["stations:validation.dnsRequired"],
    });
    expect(fieldErrors(parse({ ...staticControl, "control.dns1": "", "control.dns3": "1.1.1.1" }))).toEqual({});
    expect(fieldErrors(parse({ ...staticControl, "control.dns2": "dns.example" }))).toEqual({
      "control.dns2": ["stations:validation.ipInvalid"],
    });
  });

  it("ignores the static fields of a dynamic interface but checks its names", () => {
    expect(fieldErrors(parse({ ...staticControl, "streaming.ip": "not an address" }))).toEqual({});
    expect(fieldErrors(parse({ ...staticControl, "streaming.fqdn": "bad_name" }))).toEqual({
      "streaming.fqdn": ["stations:validation.fqdnInvalid"],
    });
    expect(fieldErrors(parse({ ...staticControl, "streaming.searchDomains": "ok.example, not ok" }))).toEqual({
      "streaming.searchDomains": ["stations:validation.searchDomainsInvalid"],
    });
  });

  it("maps the Manager's field paths to the form's", () => {
    expect(networkFieldNames["controlNetworkInterface.ip"]).toBe("control.ip");
    expect(networkFieldNames["streamingNetworkInterface.dns1"]).toBe("streaming.dns1");
  });
});

describe("DNS discovery", () => {
  it("needs a valid manager IP when discovery is off", () => {
    const parseDns = (entries: Record<string, string>) =>
      parseWithZod(formData(entries), { schema: dnsDiscoverySchema });
    expect(fieldErrors(parseDns({}))).toEqual({
      managerIpAddress: ["stations:components.dnsConfigCard.errors.ipRequired"],
    });
    expect(fieldErrors(parseDns({ managerIpAddress: "0.0.0.0" }))).toEqual({
      managerIpAddress: ["stations:components.dnsConfigCard.errors.ipInvalid"],
    });
    const on = parseDns({ useDnsDiscovery: "on", managerIpAddress: "" });
    expect(on.status === "success" && toDnsDiscoverySettings(on.value)).toEqual({
      useDnsDiscovery: true,
      managerIpAddress: "",
    });
    const off = parseDns({ managerIpAddress: "10.10.1.5" });
    expect(off.status === "success" && toDnsDiscoverySettings(off.value)).toEqual({
      useDnsDiscovery: false,
      managerIpAddress: "10.10.1.5",
    });
  });
});

describe("saving one interface of the two", () => {
  const lease = {
    type: "Cs2PoE" as const,
    physicalAddress: "02:00:00:00:00:01",
    state: "Up" as const,
    mode: "Dynamic" as const,
    ip: "10.10.30.42",
    netmask: "255.255.255.0",
    prefixLength: 24,
    gateway: "10.10.30.1",
    dns1: "10.10.30.1",
    dns2: "",
    dns3: "",
    searchDomains: ["venue.local"],
    fqdn: "mcs-0042-stream.venue.local",
  };
  const configuredDynamic = {
    ...lease,
    ip: "",
    netmask: "",
    prefixLength: 0,
    gateway: "",
    dns1: "",
    searchDomains: [],
    fqdn: "",
  };
  const interfaces = { configured: configuredDynamic, live: lease };

  it("starts a dynamic interface's form from its lease, search domains and FQDN included", () => {
    expect(interfaceFormValues(configuredDynamic, lease)).toMatchObject({
      mode: "Dynamic",
      ip: "10.10.30.42",
      searchDomains: "venue.local",
      fqdn: "mcs-0042-stream.venue.local",
    });
  });

  it("sends an interface the user left alone back exactly as it is configured", () => {
    const shown = interfaceFormValues(configuredDynamic, lease);
    expect(interfaceSettingsToSave(shown, interfaces)).toEqual({
      mode: "Dynamic",
      ip: "",
      netmask: "",
      gateway: "",
      dns1: "",
      dns2: "",
      dns3: "",
      searchDomains: [],
      fqdn: "",
    });
    // With JavaScript the static fields of a dynamic interface are disabled and not posted.
    const posted = { mode: "Dynamic" as const, searchDomains: shown.searchDomains, fqdn: shown.fqdn };
    expect(interfaceSettingsToSave(posted, interfaces).searchDomains).toEqual([]);
  });

  it("sends what the user changed", () => {
    const changed = { ...interfaceFormValues(configuredDynamic, lease), fqdn: "stream.venue.local" };
    expect(interfaceSettingsToSave(changed, interfaces)).toMatchObject({
      mode: "Dynamic",
      searchDomains: ["venue.local"],
      fqdn: "stream.venue.local",
    });
  });
});
