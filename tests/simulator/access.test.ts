import { describe, expect, it } from "vitest";
import { configurationApi, managerPaths } from "../../app/contract/paths";
import { problemTypes } from "../../app/contract/problems";
import { expectProblem, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator({}, "on demand");

describe("bearer tokens", () => {
  it("answers 401 with WWW-Authenticate: Bearer without a token", async () => {
    await simulator.startWith();
    const answer = await simulator.call("GET", managerPaths.stations(), { as: null });
    expectProblem(answer, 401, problemTypes.unauthorized);
    expect(answer.headers.get("www-authenticate")).toBe("Bearer");
  });

  it('answers 401 with error="invalid_token" for a foreign, an expired and a garbled token', async () => {
    await simulator.startWith();
    for (const token of [await simulator.foreignToken(), await simulator.expiredTokenFor("Admin"), "not-a-jwt"]) {
      const answer = await simulator.call("GET", managerPaths.settings(), { token });
      expectProblem(answer, 401, problemTypes.unauthorized);
      expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
    }
    const expired = await simulator.call("GET", managerPaths.settings(), {
      token: await simulator.expiredTokenFor("Admin"),
    });
    expect(expired.headers.get("www-authenticate")).toContain("expired");
  });

  it("checks the audience and the issuer of a correctly signed token", async () => {
    await simulator.startWith();
    expect(
      (await simulator.call("GET", managerPaths.settings(), { token: await simulator.providerSignedToken("Admin") }))
        .status,
    ).toBe(200);
    for (const token of [
      await simulator.providerSignedToken("Admin", { audience: "another-api" }),
      await simulator.providerSignedToken("Admin", { issuer: "http://elsewhere.example" }),
    ]) {
      const answer = await simulator.call("GET", managerPaths.settings(), { token });
      expectProblem(answer, 401, problemTypes.unauthorized);
      expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
    }
  });

  it("gates by the first role like the console's permission table", async () => {
    await simulator.startWith();
    expectProblem(
      await simulator.call("PUT", managerPaths.reboot("MCS-0042"), { as: "Moderator" }),
      403,
      problemTypes.forbidden,
    );
    const channel = (await simulator.call("GET", managerPaths.moderation(), { as: "Moderator" })).body.find(
      (candidate: { stationSerialNumber: string }) => candidate.stationSerialNumber === "MCS-0043",
    );
    const next = await simulator.call("PUT", managerPaths.nextSpeaker(channel.id), {
      as: "Moderator",
      body: { singleChannelListId: channel.accessOptions.singleChannelListId },
    });
    expect(next.status).toBe(200);
    for (const path of [managerPaths.settings(), managerPaths.moderation(), managerPaths.appView()]) {
      expect((await simulator.call("GET", path, { as: "Moderator" })).status).toBe(200);
    }
    expect((await simulator.call("PUT", managerPaths.reboot("MCS-0042"), { as: "Owner" })).status).toBe(202);
  });
});

describe("unknown calls and bodies", () => {
  it("answers 404 problems for unknown API paths once signed in", async () => {
    await simulator.startWith();
    expectProblem(await simulator.call("GET", `${configurationApi}/nothing-here`), 404, problemTypes.notFound);
    expectProblem(
      await simulator.call("GET", `${configurationApi}/nothing-here`, { as: null }),
      401,
      problemTypes.unauthorized,
    );
    expectProblem(await simulator.call("POST", managerPaths.stations()), 404, problemTypes.notFound);
  });

  it("answers 400 for a body that is not JSON and 413 for one over the limit", async () => {
    await simulator.startWith();
    const token = await simulator.tokenFor("Admin");
    const garbled = await fetch(`${simulator.managerUrl}${managerPaths.updateName("MCS-0042")}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{name:",
    });
    expect(garbled.status).toBe(400);
    expect(garbled.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const large = await simulator.call("PUT", managerPaths.updateName("MCS-0042"), {
      body: { name: "x".repeat(200_000) },
    });
    expect(large.status).toBe(413);
  });
});

describe("test controls", () => {
  it("are off unless the simulator starts with them", async () => {
    await simulator.startWith({ testControls: false });
    expect(simulator.controlsUrl).toBeNull();
    expect((await simulator.control("/state")).status).toBe(404);
    expect((await simulator.control("/faults", { noInternet: true })).status).toBe(404);
  });

  it("inject server errors, a refused token and latency", async () => {
    await simulator.startWith();
    await simulator.tokenFor("Admin");
    await simulator.control("/faults", { failNext5xx: 2 });
    expectProblem(await simulator.call("GET", managerPaths.settings()), 500, problemTypes.serverError);
    expectProblem(await simulator.call("GET", managerPaths.settings()), 500, problemTypes.serverError);
    expect((await simulator.call("GET", managerPaths.settings())).status).toBe(200);

    await simulator.control("/faults", { invalidToken: true });
    const refused = await simulator.call("GET", managerPaths.settings());
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
    await simulator.control("/faults", { invalidToken: false, latencyMs: 30 });
    expect((await simulator.call("GET", managerPaths.settings())).status).toBe(200);

    const state = await simulator.control("/state");
    expect(state.body.faults).toEqual({
      latencyMs: 30,
      failNext5xx: 0,
      noInternet: false,
      invalidToken: false,
      down: false,
      failPath: null,
      failWritesOnly: false,
      filesWithoutName: false,
    });

    // With latency, the most calls held at once: what a caller had in flight (the bench's bound).
    // Long enough that the three overlap on a loaded machine.
    await simulator.control("/faults", { latencyMs: 500 });
    await Promise.all(Array.from({ length: 3 }, () => simulator.call("GET", managerPaths.settings())));
    expect((await simulator.control("/faults")).body).toMatchObject({ heldRequests: 0, mostHeldRequests: 3 });
    await simulator.control("/faults", { latencyMs: 30 });
    expect((await simulator.control("/faults")).body).toMatchObject({ mostHeldRequests: 0 });

    await simulator.control("/faults", { down: true });
    await expect(simulator.call("GET", managerPaths.settings())).rejects.toThrow();
    expect((await simulator.control("/state")).body.faults.down).toBe(true);
    // A reset brings back the default fleet and clears every fault.
    expect((await simulator.control("/seed", { reset: true })).body.faults.down).toBe(false);
    expect((await simulator.call("GET", managerPaths.settings())).status).toBe(200);
    expect((await simulator.control("/faults", { latencyMs: -1 })).status).toBe(400);
  });

  it("serve files without a name: no Content-Disposition, the same type and content, until switched off or reset", async () => {
    await simulator.startWith();
    const named = await simulator.call("GET", managerPaths.qrCode("MCS-0042", 1, "png"));
    expect(named.headers.get("content-disposition")).toBe('attachment; filename="MCS-0042-channel-1-qrcode.png"');

    expect((await simulator.control("/faults", { filesWithoutName: true })).body.filesWithoutName).toBe(true);
    const unnamed = await simulator.call("GET", managerPaths.qrCode("MCS-0042", 1, "png"));
    expect(unnamed.status).toBe(200);
    expect(unnamed.headers.get("content-disposition")).toBeNull();
    expect(unnamed.headers.get("content-type")).toBe("image/png");
    expect(unnamed.body).toEqual(named.body);
    const events = await simulator.call("GET", managerPaths.downloadSystemEvents());
    expect(events.status).toBe(200);
    expect(events.headers.get("content-disposition")).toBeNull();
    expect(events.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(events.body).toMatch(/^id,date,type,code,/);

    await simulator.control("/faults", { filesWithoutName: false });
    expect(
      (await simulator.call("GET", managerPaths.downloadSystemEvents())).headers.get("content-disposition"),
    ).toMatch(/^attachment; filename="system-events-/);
    await simulator.control("/faults", { filesWithoutName: true });
    expect((await simulator.control("/seed", { reset: true })).body.faults.filesWithoutName).toBe(false);
    expect((await simulator.control("/faults", { filesWithoutName: "yes" })).status).toBe(400);
  });

  it("seed a fleet of N stations and restore the default fleet", async () => {
    await simulator.startWith();
    expect((await simulator.control("/seed", { stations: 120 })).body.stations).toBe(120);
    const list = (await simulator.call("GET", `${managerPaths.stations()}?take=5`)).body;
    expect(list.visibleStationsCount + list.rejectedStationsCount).toBe(120);
    expect((await simulator.call("GET", managerPaths.station("MCS-0042"))).body.name).toBe("Main Hall");
    expect((await simulator.control("/seed", { stations: 5001 })).status).toBe(400);
    expect((await simulator.control("/seed", { reset: true })).body.stations).toBe(10);
  });
});
