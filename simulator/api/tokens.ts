// API tokens: list, create (the access token is in this answer only), revoke, delete.
import { managerPaths } from "../../app/contract/paths";
import { CreateTokenSchema } from "../../app/contract/tokens";
import { createToken, deleteToken, listTokens, revokeToken } from "../admin/tokens";
import type { Simulation } from "../simulation";
import { parseWith, Reply } from "./http";
import { param, routePath, type ApiRoutes } from "./routes";

export function tokenRoutes(api: ApiRoutes, simulation: Simulation) {
  const { state } = simulation;
  const id = param("id");

  api.get(routePath(managerPaths.tokens), "apiTokens.show", () => listTokens(state));
  api.post(routePath(managerPaths.tokens), "apiTokens.edit", ({ body }) =>
    Reply.json(201, createToken(state, parseWith(CreateTokenSchema, body, { name: { required: true } }))),
  );
  api.post(routePath(managerPaths.revokeToken, id), "apiTokens.edit", ({ params }) => {
    revokeToken(state, params.id!);
    return Reply.noContent();
  });
  api.delete(routePath(managerPaths.token, id), "apiTokens.edit", ({ params }) => {
    deleteToken(state, params.id!);
    return Reply.noContent();
  });
}
