// The signed-in account, as the console keeps it (administration.md §3: name, organizationName,
// roles, tenantId) and how it is read from identity-provider claims.
import type { Role } from "~/contract/enums";
import { roles as knownRoles } from "~/contract/values";

export interface SessionUser {
  subject: string;
  name: string;
  organizationName: string;
  tenantId: string;
  /** In the token's order; only the first one counts for permissions. */
  roles: Role[];
}

/** Roles arrive as an array or, from B2C custom claims, as a comma-separated string. */
export function normalizeRoles(claim: unknown): Role[] {
  const values = Array.isArray(claim) ? claim : typeof claim === "string" ? claim.split(",") : [];
  return values
    .map((value) => (typeof value === "string" ? value.trim() : ""))
    .filter((value): value is Role => (knownRoles as readonly string[]).includes(value));
}

/** B2C sends custom attributes as extension_<Name>; plain claims win when both exist. */
function claim(claims: Record<string, unknown>, name: string): unknown {
  if (claims[name] !== undefined) return claims[name];
  const extensionName = `extension_${name[0]!.toUpperCase()}${name.slice(1)}`;
  return claims[extensionName] ?? claims[`extension_${name}`];
}

function text(value: unknown) {
  return typeof value === "string" ? value : "";
}

export function userFromClaims(claims: Record<string, unknown>): SessionUser {
  return {
    subject: text(claims.sub),
    name: text(claim(claims, "name")) || text(claims.preferred_username),
    organizationName: text(claim(claims, "organizationName")),
    tenantId: text(claim(claims, "tenantId")) || text(claims.tid),
    roles: normalizeRoles(claim(claims, "roles")),
  };
}
