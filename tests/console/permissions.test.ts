import { describe, expect, it } from "vitest";
import { can, permissions, rolesAllowed, UnknownPermissionActionError } from "../../app/domain/permissions";

const admin = { roles: ["Admin"] };
const owner = { roles: ["Owner"] };
const moderator = { roles: ["Moderator"] };

describe("the permission table", () => {
  it("lets Owner and Admin do everything", () => {
    for (const action of Object.keys(permissions) as Array<keyof typeof permissions>) {
      expect(can(admin, action), action).toBe(true);
      expect(can(owner, action), action).toBe(true);
    }
  });

  it("lets a Moderator use moderation and the audience-mic mute of the app view, and see alerts, nothing else", () => {
    const allowed = (Object.keys(permissions) as Array<keyof typeof permissions>).filter((action) =>
      can(moderator, action),
    );
    expect(allowed.sort()).toEqual([
      "alerts.show",
      "appView.muteAudienceMic",
      "appView.show",
      "moderation.edit",
      "moderation.show",
    ]);
  });

  it("uses only the first role", () => {
    expect(can({ roles: ["Moderator", "Admin"] }, "stations.show")).toBe(false);
    expect(can({ roles: ["Admin", "Moderator"] }, "stations.show")).toBe(true);
  });

  it("denies users without roles and signed-out users", () => {
    expect(can({ roles: [] }, "moderation.show")).toBe(false);
    expect(can(null, "moderation.show")).toBe(false);
  });

  it("throws on an unknown action", () => {
    expect(() => rolesAllowed("stations.destroy")).toThrow(UnknownPermissionActionError);
    expect(() => can(admin, "nope" as never)).toThrow(/Unknown permission action "nope"/);
  });

  it("gates the appCustomization page with the spec's appCustomization.show", () => {
    expect(rolesAllowed("appCustomization.show")).toEqual(["Owner", "Admin"]);
  });
});
