// Wrong passwords are limited per account at the development identity provider: guessing one
// account's password is refused after a few failures, from any number of addresses, while the
// other accounts sign in as usual.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFailedSignIns } from "../../simulator/identity/failed-sign-ins";
import {
  signInWithPassword,
  SignInRejectedError,
  startTestIdentityProvider,
  type TestIdentityProvider,
} from "../support/identity";

describe("failed sign-ins per account at the identity provider", () => {
  let idp: TestIdentityProvider;

  beforeAll(async () => {
    idp = await startTestIdentityProvider({ failedSignIns: { attempts: 3, windowMs: 60 * 60_000 } });
  });
  afterAll(async () => {
    await idp?.close();
  });

  const attempt = (username: string, password: string) =>
    signInWithPassword({
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      redirectUri: idp.redirectUri,
      username,
      password,
    });

  async function refusalPage(username: string, password: string) {
    const error = await attempt(username, password).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SignInRejectedError);
    return (error as SignInRejectedError).page;
  }

  it("refuses the account after too many wrong passwords, even with the right one, and says why", async () => {
    for (let failure = 0; failure < 3; failure += 1) {
      expect(await refusalPage("moderator", `guess-${failure}`)).toContain("The username or password is incorrect.");
    }
    // However the username is typed.
    const refused = await refusalPage(" Moderator ", "moderator");
    expect(refused).toContain("Too many failed sign-ins for this account.");
    expect(refused).toMatch(/name="username"[^>]*value=" Moderator "/);
    // Another account is not affected.
    await expect(attempt("owner", "owner")).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it("forgets an account's failures after a successful sign-in", async () => {
    await refusalPage("admin", "wrong");
    await refusalPage("admin", "wrong");
    await expect(attempt("admin", "admin")).resolves.toMatchObject({ accessToken: expect.any(String) });
    await refusalPage("admin", "wrong");
    await refusalPage("admin", "wrong");
    await expect(attempt("admin", "admin")).resolves.toMatchObject({ accessToken: expect.any(String) });
  });
});

describe("the failed sign-in counter", () => {
  it("lets the account try again once its oldest failure leaves the window", () => {
    let clock = 0;
    const failures = createFailedSignIns({ attempts: 2, windowMs: 1000, now: () => clock });
    failures.recordFailure("admin");
    clock = 400;
    failures.recordFailure("ADMIN");
    expect(failures.waitFor("admin")).toBe(600);
    clock = 1001;
    expect(failures.waitFor("admin")).toBe(0);
  });

  it("remembers a bounded number of usernames", () => {
    const failures = createFailedSignIns({ attempts: 1, maxAccounts: 100, now: () => 0 });
    failures.recordFailure("admin");
    expect(failures.waitFor("admin")).toBeGreaterThan(0);
    for (let name = 0; name < 100; name += 1) failures.recordFailure(`made-up-${name}`);
    expect(failures.waitFor("admin")).toBe(0);
    expect(failures.waitFor("made-up-99")).toBeGreaterThan(0);
  });
});
