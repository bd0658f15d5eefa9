import type { ManagerClient } from "~/manager/http.server";
import { managerPaths } from "~/contract/paths";
import { CreatedTokenSchema, TokenListSchema, type CreateToken } from "~/contract/tokens";

export function listTokens(manager: ManagerClient) {
  return manager.get(managerPaths.tokens(), TokenListSchema);
}

/** The answer carries the access token: the only time the Manager sends it. */
export function createToken(manager: ManagerClient, token: CreateToken) {
  return manager.send("POST", managerPaths.tokens(), token, CreatedTokenSchema);
}

export function revokeToken(manager: ManagerClient, id: string) {
  return manager.send("POST", managerPaths.revokeToken(id));
}

export function deleteToken(manager: ManagerClient, id: string) {
  return manager.send("DELETE", managerPaths.token(id));
}
