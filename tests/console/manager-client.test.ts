// The Manager client's failure mapping (DESIGN.md §4), each row against the simulator's fault
// controls, and what a loader and an action make of it.
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { actionFailure, throwLoaderFailure } from "~/route-helpers/manager-failures.server";
import { createManagerClient, ManagerError, type ManagerClient, type ManagerFailure } from "~/manager/http.server";
import { managerPaths } from "~/contract/paths";
import { StationSchema } from "~/contract/stations";
import { UpdateMetadataSchema } from "~/contract/firmware";
import { SettingsSchema } from "~/contract/settings";
import { getSettings } from "~/manager/settings.server";
import { setRuntime } from "~/runtime.server";
import { useTestSimulator } from "../support/simulator";
import { withStore } from "../support/runtime";

const simulator = useTestSimulator({}, "whole file");
let admin: ManagerClient;
let oddServer: Server;
let oddUrl: string;

function clientFor(token: string, timeoutMs = 2000, baseUrl = simulator.managerUrl) {
  return createManagerClient({ baseUrl, accessToken: token, timeoutMs });
}

async function failureOf(work: Promise<unknown>): Promise<ManagerFailure> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ManagerError);
  return (error as ManagerError).failure;
}

beforeAll(async () => {
  admin = clientFor(await simulator.tokenFor("Admin"));
  setRuntime(
    withStore({
      config: parseConfig({ DATA_DIRECTORY: mkdtempSync(join(tmpdir(), "client-test-")) }),
      managerUrl: simulator.managerUrl,
      sessionSecrets: ["c".repeat(32)],
      embeddedIdentity: null,
    }),
  );
  // A server that answers 200 with HTML, and JSON of the wrong shape.
  oddServer = createServer((request, response) => {
    if (request.url?.includes("html")) {
      response.writeHead(200, { "content-type": "text/html" }).end("<p>proxy login page</p>");
    } else {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ backendVersion: 7 }));
    }
  });
  await new Promise<void>((resolve) => oddServer.listen(0, "127.0.0.1", resolve));
  oddUrl = `http://127.0.0.1:${(oddServer.address() as { port: number }).port}`;
});

afterEach(async () => {
  await simulator.control("/faults", {
    latencyMs: 0,
    failNext5xx: 0,
    noInternet: false,
    invalidToken: false,
    down: false,
    failPath: null,
    failWritesOnly: false,
  });
});

afterAll(async () => {
  oddServer.close();
});

describe("the Manager client", () => {
  it("sends the bearer token and parses the answer with the wire schema", async () => {
    const settings = await getSettings(admin);
    expect(SettingsSchema.parse(settings).backendVersion).toMatch(/\d/);
  });

  it("maps connection refused to unreachable", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as { port: number }).port;
    closed.close();
    expect(await failureOf(getSettings(clientFor("t", 2000, `http://127.0.0.1:${port}`)))).toEqual({
      kind: "unreachable",
      reason: "refused",
    });
  });

  it("maps a Manager that is down to unreachable", async () => {
    await simulator.control("/faults", { down: true });
    expect((await failureOf(getSettings(admin))).kind).toBe("unreachable");
  });

  it("maps an answer slower than the timeout to unreachable (timeout)", async () => {
    await simulator.control("/faults", { latencyMs: 800 });
    const impatient = clientFor(await simulator.tokenFor("Admin"), 150);
    expect(await failureOf(getSettings(impatient))).toEqual({ kind: "unreachable", reason: "timeout" });
  });

  it("maps 5xx to serverError", async () => {
    await simulator.control("/faults", { failNext5xx: 1 });
    expect(await failureOf(getSettings(admin))).toEqual({ kind: "serverError", status: 500 });
  });

  it("maps 503 with detail status noInternet to noInternet", async () => {
    await simulator.control("/faults", { noInternet: true });
    expect(await failureOf(admin.send("PUT", managerPaths.syncUpdateMetadata()))).toEqual({ kind: "noInternet" });
  });

  it("maps 401 with an invalid token to unauthorized, token invalid", async () => {
    expect(await failureOf(getSettings(clientFor(await simulator.foreignToken())))).toEqual({
      kind: "unauthorized",
      tokenInvalid: true,
    });
    await simulator.control("/faults", { invalidToken: true });
    expect(await failureOf(getSettings(admin))).toEqual({ kind: "unauthorized", tokenInvalid: true });
  });

  it("maps 401 without a token complaint to unauthorized", async () => {
    expect(await failureOf(getSettings(clientFor("")))).toEqual({ kind: "unauthorized", tokenInvalid: false });
  });

  it("maps 403 to forbidden (a Moderator rebooting a station)", async () => {
    const moderator = clientFor(await simulator.tokenFor("Moderator"));
    expect(await failureOf(moderator.send("PUT", managerPaths.reboot("MCS-0042")))).toEqual({ kind: "forbidden" });
  });

  it("maps 404 to notFound", async () => {
    expect(await failureOf(admin.get(managerPaths.station("MCS-9999"), StationSchema))).toEqual({ kind: "notFound" });
  });

  it("maps 400 with field errors to validation", async () => {
    const failure = await failureOf(admin.send("PUT", managerPaths.updateName("MCS-0042"), { name: "" }));
    expect(failure.kind).toBe("validation");
    expect(failure.kind === "validation" && Object.keys(failure.fieldErrors)).toContain("name");
  });

  it("maps a typed error to its type and JSON detail (fingerprint mismatch)", async () => {
    const station = await admin.get(managerPaths.station("MCS-0047"), StationSchema);
    const failure = await failureOf(
      admin.send("PUT", managerPaths.acceptStation("MCS-0047"), { fingerprint: station.authorization.fingerprint }),
    );
    expect(failure).toMatchObject({ kind: "typed", status: 409, type: "error:fingerprint-mismatch" });
    expect(failure.kind === "typed" && (failure.detail as { currentFingerprint: string }).currentFingerprint).not.toBe(
      station.authorization.fingerprint,
    );
  });

  it("refuses a 2xx answer that is not JSON, naming the URL", async () => {
    const error = await clientFor("t", 2000, oddUrl)
      .get("/html", SettingsSchema)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ManagerError);
    expect((error as ManagerError).failure).toEqual({ kind: "notJson", url: `${oddUrl}/html` });
    expect((error as ManagerError).message).toContain(`${oddUrl}/html is not in JSON format`);
  });

  it("refuses JSON that does not match the contract", async () => {
    expect((await failureOf(clientFor("t", 2000, oddUrl).get("/settings", SettingsSchema))).kind).toBe("contract");
  });

  it("answers null for an optional resource that is absent (204)", async () => {
    expect(await admin.getOptional(managerPaths.appCustomization(), UpdateMetadataSchema)).toBeNull();
  });
});

describe("what loaders and actions make of a failure", () => {
  const request = new Request("http://console.test/stations/MCS-0042/network?tab=1");

  async function loaderOutcome(failure: ManagerFailure, notFound?: "station" | "channel") {
    const thrown = await throwLoaderFailure(new ManagerError(failure, "GET", "/x"), request, notFound).catch(
      (caught: unknown) => caught,
    );
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    const { data, init } = thrown as { data: { errorPage: string }; init: { status: number } };
    return { status: init.status, page: data.errorPage };
  }

  it("gives each failure its page", async () => {
    expect(await loaderOutcome({ kind: "unreachable", reason: "refused" })).toEqual({ status: 500, page: "noBackend" });
    expect(await loaderOutcome({ kind: "serverError", status: 502 })).toEqual({ status: 500, page: "unexpected" });
    expect(await loaderOutcome({ kind: "noInternet" })).toEqual({ status: 500, page: "noConnection" });
    expect(await loaderOutcome({ kind: "unauthorized", tokenInvalid: true })).toEqual({
      status: 401,
      page: "expiredSession",
    });
    expect(await loaderOutcome({ kind: "forbidden" })).toEqual({ status: 403, page: "forbidden" });
    expect(await loaderOutcome({ kind: "notFound" }, "station")).toEqual({ status: 404, page: "stationNotFound" });
    expect(await loaderOutcome({ kind: "notFound" }, "channel")).toEqual({ status: 404, page: "channelNotFound" });
    expect(await loaderOutcome({ kind: "notFound" })).toEqual({ status: 404, page: "notFound" });
    expect(await loaderOutcome({ kind: "notJson", url: "http://m/x" })).toEqual({ status: 500, page: "unexpected" });
  });

  it("signs out on a plain 401 and comes back to the current page after sign-in", async () => {
    expect(await loaderOutcome({ kind: "unauthorized", tokenInvalid: false })).toEqual({
      status: 302,
      location: `/login?${new URLSearchParams({ redirectTo: "/stations/MCS-0042/network?tab=1" })}`,
    });
  });

  it("keeps the form in an action: a tagged failure with the message to show", async () => {
    const failure = (managerFailure: ManagerFailure) =>
      actionFailure(new ManagerError(managerFailure, "PUT", "/x"), request, {
        fallbackKey: "stations:audio.saveFailed",
      });
    expect(await failure({ kind: "unreachable", reason: "timeout" })).toEqual({
      kind: "managerFailed",
      messageKey: "errors.unexpectedError",
    });
    expect(await failure({ kind: "serverError", status: 500 })).toEqual({
      kind: "managerFailed",
      messageKey: "errors.unexpectedError",
    });
    expect(await failure({ kind: "noInternet" })).toEqual({
      kind: "noConnection",
      messageKey: "errors.noConnection.message",
    });
    expect(await failure({ kind: "typed", status: 409, type: "conflict", detail: null })).toEqual({
      kind: "refused",
      messageKey: "stations:audio.saveFailed",
    });
    await expect(failure({ kind: "forbidden" })).rejects.toMatchObject({ init: { status: 403 } });
  });
});
