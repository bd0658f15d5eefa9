// A page's loaders, a token refresh and an action of one session run side by side: each changes
// only its own key of the session, so none undoes another's change.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { changeSession, commitSession, getSession } from "~/auth/session.server";
import { rememberCreatedToken, takeCreatedToken } from "~/routes/_app.apiTokens/created-token.server";
import {
  isTestTonePlaying,
  rememberTestTone,
} from "~/routes/_app.stations.$serialNumber_.channels.$channelIndex/test-tones.server";
import { parseConfig } from "~/config.server";
import { setRuntime } from "~/runtime.server";
import { consumeFlash, setFlash } from "~/utils/flash.server";
import { withStore } from "../support/runtime";

const user = { subject: "s", name: "Ada", organizationName: "Hall", tenantId: "t", roles: ["Admin" as const] };
const tokens = {
  accessToken: "a0",
  refreshToken: "r0",
  idToken: null,
  expiresAt: Date.now() + 60_000,
  refreshedAt: Date.now(),
};

async function signedInRequest() {
  const session = await getSession(new Request("http://console.test/"));
  session.set("user", user);
  session.set("tokens", tokens);
  const cookie = (await commitSession(new Request("http://console.test/"), session)).split(";")[0]!;
  return new Request("http://console.test/stations", { headers: { Cookie: cookie } });
}

const storedTokens = (request: Request) => changeSession(request, (data) => data.tokens);

describe("session writes side by side", () => {
  beforeAll(() => {
    setRuntime(
      withStore({
        config: parseConfig({ DATA_DIRECTORY: mkdtempSync(join(tmpdir(), "session-writes-")) }),
        managerUrl: "http://manager.test",
        sessionSecrets: ["w".repeat(32)],
        embeddedIdentity: null,
      }),
    );
  });

  it("an action's flash, a refreshed token, test tones and a created token all survive each other", async () => {
    const request = await signedInRequest();
    const refreshed = { ...tokens, accessToken: "a1", refreshToken: "r1" };
    await Promise.all([
      setFlash(request, { kind: "success", message: "stations.removed", values: { serialNumber: "MCS-0042" } }),
      changeSession(request, (data) => {
        data.tokens = refreshed;
      }),
      ...[1, 2, 3, 4].map((channel) => rememberTestTone(request, "MCS-0042", channel, true)),
      rememberCreatedToken(request, {
        id: "t1",
        name: "Kiosk",
        accessToken: "secret",
        expirationDate: "2027-01-01T00:00:00Z",
        scopes: [],
      } as never),
    ]);

    expect(await storedTokens(request)).toEqual(refreshed);
    for (const channel of [1, 2, 3, 4]) expect(await isTestTonePlaying(request, "MCS-0042", channel)).toBe(true);
    expect((await takeCreatedToken(request))?.accessToken).toBe("secret");
    expect(await takeCreatedToken(request)).toBeNull();
    expect((await consumeFlash(request))?.message).toBe("stations.removed");
  });

  it("a flash is shown by exactly one of the loaders that run at once, and a refresh beside them keeps it", async () => {
    const request = await signedInRequest();
    await setFlash(request, { kind: "info", message: "login.signedOut" });
    const refreshed = { ...tokens, accessToken: "a2" };
    const [first, second, , third] = await Promise.all([
      consumeFlash(request),
      consumeFlash(request),
      changeSession(request, (data) => {
        data.tokens = refreshed;
      }),
      consumeFlash(request),
    ]);
    expect([first, second, third].filter((flash) => flash !== null)).toHaveLength(1);
    expect(await storedTokens(request)).toEqual(refreshed);
    expect(await consumeFlash(request)).toBeNull();
  });

  it("a request without a session changes nothing and gets nothing", async () => {
    const request = new Request("http://console.test/");
    await setFlash(request, { kind: "info", message: "x" });
    expect(await consumeFlash(request)).toBeNull();
    expect(
      await changeSession(new Request("http://console.test/", { headers: { Cookie: "__session=forged" } }), () => 1),
    ).toBeUndefined();
  });
});
