import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from "jose";
import { roles, type Role } from "../../app/contract/enums";

export interface Principal {
  subject: string;
  name: string;
  organizationName: string;
  tenantId: string;
  roles: Role[];
}

export class InvalidTokenError extends Error {
  override name = "InvalidTokenError";

  constructor(
    readonly reason: "expired" | "invalid",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const knownRoles: ReadonlySet<string> = new Set(roles);

/** Roles as an array, or as Azure AD B2C's comma-separated custom claim; unknown roles are dropped, order kept. */
export function normalizeRoles(claim: unknown): Role[] {
  const values = Array.isArray(claim) ? claim : typeof claim === "string" ? claim.split(",") : [];
  return values
    .filter((value): value is string => typeof value === "string")
    .map((value) => value.trim())
    .filter((value): value is Role => knownRoles.has(value));
}

/** Checks signature (local or remote JWKS), issuer, audience and expiry of a Manager access token. */
export function createAccessTokenVerifier(options: {
  issuer: string;
  audience: string;
  jwks: { keys: JsonWebKey[] } | URL;
}): (token: string) => Promise<Principal> {
  const keySet =
    options.jwks instanceof URL ? createRemoteJWKSet(options.jwks) : createLocalJWKSet(options.jwks as JSONWebKeySet);
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        audience: options.audience,
        requiredClaims: ["sub", "exp"],
        clockTolerance: 5,
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw new InvalidTokenError("expired", "the access token has expired", { cause: error });
      throw new InvalidTokenError("invalid", "the access token is not valid", { cause: error });
    }
    return principalFromClaims(payload);
  };
}

// Azure AD B2C names custom attributes extension_<Name>; the development provider uses the bare names.
function claim(payload: JWTPayload, name: string): unknown {
  return payload[name] ?? payload[`extension_${name[0]?.toUpperCase()}${name.slice(1)}`];
}

function principalFromClaims(payload: JWTPayload): Principal {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    subject: text(payload.sub),
    name: text(claim(payload, "name")),
    organizationName: text(claim(payload, "organizationName")),
    tenantId: text(claim(payload, "tenantId")),
    roles: normalizeRoles(claim(payload, "roles")),
  };
}
