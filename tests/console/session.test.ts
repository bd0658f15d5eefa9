import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { commitSession, getSession, signOutSession, startSignedInSession } from "~/auth/session.server";
import { parseConfig } from "~/config.server";
import { setRuntime } from "~/runtime.server";
import { createSqliteStore } from "../../server/store/sqlite-store";
import { withStore } from "../support/runtime";

const user = { subject: "s", name: "Ada", organizationName: "Hall", tenantId: "t", roles: ["Admin" as const] };
const tokens = {
  accessToken: "secret-access-token",
  refreshToken: "r",
  idToken: "i",
  expiresAt: Date.now() + 60_000,
  refreshedAt: Date.now(),
};

function requestWith(cookieHeader: string | null, url = "http://console.test/") {
  return new Request(url, { headers: cookieHeader ? { Cookie: cookieHeader.split(";")[0]! } : {} });
}

describe("sessions", () => {
  beforeAll(() => {
    const dataDirectory = mkdtempSync(join(tmpdir(), "session-test-"));
    setRuntime(
      withStore({
        config: parseConfig({ DATA_DIRECTORY: dataDirectory }),
        managerUrl: "http://manager.test",
        sessionSecrets: ["n".repeat(32), "o".repeat(32)],
        embeddedIdentity: null,
      }),
    );
  });

  it("sends only a signed id in an HttpOnly, SameSite=Lax cookie; Secure over HTTPS", async () => {
    const session = await getSession(requestWith(null));
    session.set("user", user);
    session.set("tokens", tokens);
    const cookie = await commitSession(requestWith(null), session);
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const value = decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!);
    expect(Buffer.from(value.split(".")[0]!, "base64").toString()).not.toContain("secret-access-token");
    expect(cookie).not.toContain("secret-access-token");

    const https = await commitSession(
      requestWith(null, "https://console.test/"),
      await getSession(requestWith(null, "https://console.test/")),
    );
    expect(https).toMatch(/Secure/);
  });

  it("signs in on a new session id and forgets the old one", async () => {
    const request = requestWith(null);
    const anonymous = await getSession(request);
    anonymous.set("returnTo", "/stations");
    const before = await commitSession(request, anonymous);
    const previous = await getSession(requestWith(before));
    expect(previous.get("returnTo")).toBe("/stations");

    const [cleared = "", fresh = ""] = await startSignedInSession(requestWith(before), previous, { user, tokens });
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const signedIn = await getSession(requestWith(fresh));
    expect(signedIn.id).not.toBe(previous.id);
    expect(signedIn.get("user")).toEqual(user);
    expect((await getSession(requestWith(before))).get("returnTo")).toBeUndefined();
  });

  it("signing out deletes the server session", async () => {
    const session = await getSession(requestWith(null));
    session.set("user", user);
    session.set("tokens", tokens);
    const cookie = await commitSession(requestWith(null), session);
    await signOutSession(requestWith(cookie), await getSession(requestWith(cookie)), {
      kind: "info",
      message: "login.signedOut",
    });
    expect((await getSession(requestWith(cookie))).get("user")).toBeUndefined();
  });

  it("cleans up expired rows", async () => {
    const store = createSqliteStore(":memory:", { secrets: ["s".repeat(32)] });
    await store.sessions.create("old", { a: 1 }, new Date(Date.now() - 1000));
    await store.sessions.create("new", { a: 2 }, new Date(Date.now() + 60_000));
    expect(await store.sessions.read("old")).toBeNull();
    expect(store.removeExpired()).toBe(1);
    expect(await store.sessions.read("new")).toEqual({ a: 2 });
  });
});
