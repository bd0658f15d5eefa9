import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { problemTypes } from "../../app/contract/problems";
import { CreatedTokenSchema, TokenListSchema } from "../../app/contract/tokens";
import { expectProblem, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator();

async function tokens() {
  const answer = await simulator.call("GET", managerPaths.tokens());
  expect(answer.status).toBe(200);
  return TokenListSchema.parse(answer.body);
}

describe("API tokens", () => {
  it("lists the seeded tokens, one of them expired, never with an access token", async () => {
    const answer = await simulator.call("GET", managerPaths.tokens());
    const list = TokenListSchema.parse(answer.body);
    expect(list).toHaveLength(3);
    expect(list.some((token) => token.expirationDate < new Date().toISOString())).toBe(true);
    expect(JSON.stringify(answer.body)).not.toContain("accessToken");
  });

  it("returns the access token once, at creation", async () => {
    const created = await simulator.call("POST", managerPaths.tokens(), {
      body: { name: "Kiosk", expiryInDays: 7, scopes: ["stations.read", "channels.read"] },
    });
    expect(created.status).toBe(201);
    const token = CreatedTokenSchema.parse(created.body);
    expect(token.accessToken.length).toBeGreaterThan(30);
    const days = (Date.parse(token.expirationDate) - Date.parse(token.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    const listed = await simulator.call("GET", managerPaths.tokens());
    expect(listed.body[0].id).toBe(token.id);
    expect(JSON.stringify(listed.body)).not.toContain(token.accessToken);
  });

  it("revokes a token (it leaves the list) and deletes one; an expired token can only be deleted", async () => {
    const list = await tokens();
    const expired = list.find((token) => token.expirationDate < new Date().toISOString())!;
    const valid = list.find((token) => token.id !== expired.id)!;
    expect((await simulator.call("POST", managerPaths.revokeToken(valid.id))).status).toBe(204);
    expectProblem(await simulator.call("POST", managerPaths.revokeToken(expired.id)), 409, problemTypes.conflict);
    expect((await simulator.call("DELETE", managerPaths.token(expired.id))).status).toBe(204);
    expect((await tokens()).map((token) => token.id)).not.toEqual(expect.arrayContaining([valid.id]));
    expect(await tokens()).toHaveLength(1);
  });

  it("answers 404 for an unknown token, 400 with field errors, 403 to a Moderator", async () => {
    expectProblem(await simulator.call("POST", managerPaths.revokeToken("nope")), 404, problemTypes.notFound);
    expectProblem(await simulator.call("DELETE", managerPaths.token("nope")), 404, problemTypes.notFound);
    const problem = expectProblem(
      await simulator.call("POST", managerPaths.tokens(), { body: { name: "", expiryInDays: 2001, scopes: [] } }),
      400,
      problemTypes.validation,
    );
    expect(Object.keys(problem.errors!)).toEqual(expect.arrayContaining(["name", "expiryInDays", "scopes"]));
    expectProblem(await simulator.call("GET", managerPaths.tokens(), { as: "Moderator" }), 403, problemTypes.forbidden);
  });
});
