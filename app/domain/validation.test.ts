import { describe, expect, it } from "vitest";
import {
  email,
  firstFailure,
  ipv4,
  isIpv4,
  isNetmask,
  maxLength,
  minLength,
  netmask,
  required,
} from "~/domain/validation";

describe("the shared rule builders", () => {
  it("required: a string must be non-empty after trimming, anything else truthy", () => {
    expect(required("req")("  ")).toBe("req");
    expect(required("req")(" a ")).toBeNull();
    expect(required("req")(0)).toBe("req");
    expect(required("req")(true)).toBeNull();
  });

  it("email: empty passes; one at-sign, a dot after it", () => {
    expect(email("bad")("")).toBeNull();
    expect(email("bad")("ada@hall.example")).toBeNull();
    expect(email("bad")("ada@@hall.example")).toBe("bad");
    expect(email("bad")("ada@hall")).toBe("bad");
  });

  it("minLength and maxLength are inclusive", () => {
    expect(minLength(3, "short")("abc")).toBeNull();
    expect(minLength(3, "short")("ab")).toBe("short");
    expect(maxLength(3, "long")("abc")).toBeNull();
    expect(maxLength(3, "long")("abcd")).toBe("long");
  });

  it("IPv4: four groups of 1–3 digits, each 0–255, not all zeros; empty passes", () => {
    expect(isIpv4("192.168.1.10")).toBe(true);
    expect(isIpv4("10.0.0.0")).toBe(true);
    expect(isIpv4("0.0.0.0")).toBe(false);
    expect(isIpv4("256.1.1.1")).toBe(false);
    expect(isIpv4("1.1.1")).toBe(false);
    expect(isIpv4("1.1.1.1.1")).toBe(false);
    expect(isIpv4("01.2.3.4444")).toBe(false);
    expect(isIpv4("a.b.c.d")).toBe(false);
    expect(ipv4("bad")("")).toBeNull();
    expect(ipv4("bad")("300.0.0.1")).toBe("bad");
  });

  it("netmask: contiguous ones; empty passes", () => {
    for (const mask of [
      "255.255.255.0",
      "255.255.255.255",
      "255.255.254.0",
      "255.128.0.0",
      "0.0.0.0",
      "255.255.255.252",
    ]) {
      expect(isNetmask(mask), mask).toBe(true);
    }
    for (const mask of ["255.0.255.0", "255.255.253.0", "255.255.255.1", "256.0.0.0", "255.255.0", "255.255.128.128"]) {
      expect(isNetmask(mask), mask).toBe(false);
    }
    expect(netmask("bad")("")).toBeNull();
  });

  it("answers the first failing rule's message", () => {
    expect(firstFailure("", [required("required"), ipv4("invalid")])).toBe("required");
    expect(firstFailure("1.2.3", [required("required"), ipv4("invalid")])).toBe("invalid");
    expect(firstFailure("1.2.3.4", [required("required"), ipv4("invalid")])).toBeNull();
  });
});
