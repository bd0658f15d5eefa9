// API tokens: the access token is a random opaque string sent once, at creation; the Manager
// keeps only its hash. Revoking takes a token out of use and off the list; an expired token can
// only be deleted (spec, administration §4).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { isTokenExpired } from "../../app/domain/tokens";
import type { CreateToken, CreatedToken, Token } from "../../app/contract/tokens";
import type { StoredToken } from "../fleet/records";
import { problems } from "../problems";
import type { ManagerState } from "../state";

const dayMs = 24 * 60 * 60 * 1000;

export function hashAccessToken(accessToken: string): string {
  return createHash("sha256").update(accessToken).digest("hex");
}

export function listTokens(state: ManagerState): Token[] {
  return [...state.tokens.values()]
    .map((stored) => stored.token)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

export function createToken(state: ManagerState, request: CreateToken): CreatedToken {
  const now = state.clock.now();
  const accessToken = `mcs_${randomBytes(32).toString("base64url")}`;
  const token: Token = {
    id: randomUUID(),
    name: request.name,
    scopes: [...new Set(request.scopes)],
    expirationDate: new Date(now.getTime() + request.expiryInDays * dayMs).toISOString(),
    createdAt: now.toISOString(),
  };
  const stored: StoredToken = { token, accessTokenHash: hashAccessToken(accessToken) };
  state.tokens.set(token.id, stored);
  state.store.saveToken(stored);
  return { ...token, accessToken };
}

function requireToken(state: ManagerState, id: string): StoredToken {
  const stored = state.tokens.get(id);
  if (!stored) throw problems.notFound("token", id);
  return stored;
}

export function revokeToken(state: ManagerState, id: string) {
  const { token } = requireToken(state, id);
  if (isTokenExpired(token.expirationDate, state.clock.now())) {
    throw problems.conflict("An expired token can only be deleted.", { id });
  }
  forget(state, id);
}

export function deleteToken(state: ManagerState, id: string) {
  requireToken(state, id);
  forget(state, id);
}

function forget(state: ManagerState, id: string) {
  state.tokens.delete(id);
  state.store.deleteToken(id);
}
