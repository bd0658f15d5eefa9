// Per hub and role, what the bridge relays: in full, reduced, or nothing (refused with 403).
import { describe, expect, it } from "vitest";
import { hubScope } from "~/live/hub-scope";
import { hubNames } from "~/contract/hubs";
import type { Role } from "~/contract/enums";

const expected: Record<Role, Record<string, "full" | "reduced" | null>> = {
  Admin: {
    stationsHub: "full",
    moderationHub: "full",
    statisticsHub: "full",
    systemEventsHub: "full",
    updaterHub: "full",
    appCustomizationHub: "full",
  },
  Owner: {
    stationsHub: "full",
    moderationHub: "full",
    statisticsHub: "full",
    systemEventsHub: "full",
    updaterHub: "full",
    appCustomizationHub: "full",
  },
  Moderator: {
    stationsHub: "reduced",
    moderationHub: "reduced",
    statisticsHub: null,
    systemEventsHub: null,
    updaterHub: null,
    appCustomizationHub: null,
  },
};

describe("hub scopes", () => {
  for (const role of ["Admin", "Owner", "Moderator"] as const) {
    it(`${role}: ${hubNames.map((hub) => `${hub} ${expected[role][hub]}`).join(", ")}`, () => {
      for (const hub of hubNames) expect(hubScope({ roles: [role] }, hub), hub).toBe(expected[role][hub]);
    });
  }

  it("only the first role counts, and nobody without a role gets anything", () => {
    expect(hubScope({ roles: ["Moderator", "Admin"] }, "statisticsHub")).toBeNull();
    expect(hubScope({ roles: ["Moderator", "Admin"] }, "stationsHub")).toBe("reduced");
    for (const hub of hubNames) {
      expect(hubScope({ roles: [] }, hub)).toBeNull();
      expect(hubScope(null, hub)).toBeNull();
    }
  });
});
