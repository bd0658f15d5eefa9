import { describe, expect, it } from "vitest";
import { normalizeRoles, userFromClaims } from "~/auth/user";

describe("the signed-in account from token claims", () => {
  it("reads roles as an array or a comma-separated string, dropping unknown ones", () => {
    expect(normalizeRoles(["Owner", "Admin"])).toEqual(["Owner", "Admin"]);
    expect(normalizeRoles("Moderator, Admin")).toEqual(["Moderator", "Admin"]);
    expect(normalizeRoles(["Root", "Admin"])).toEqual(["Admin"]);
    expect(normalizeRoles(undefined)).toEqual([]);
  });

  it("takes B2C extension claims when the plain ones are missing", () => {
    const user = userFromClaims({
      sub: "abc",
      name: "Ada",
      extension_OrganizationName: "Hall A",
      extension_TenantId: "t-1",
      extension_Roles: "Owner",
    });
    expect(user).toEqual({
      subject: "abc",
      name: "Ada",
      organizationName: "Hall A",
      tenantId: "t-1",
      roles: ["Owner"],
    });
  });
});
