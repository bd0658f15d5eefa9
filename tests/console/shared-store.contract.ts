// The shared store's contract, run against each implementation (shared-store.*.test.ts). "Two
// instances" are two clients of the same backend, as two console processes would open it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { refreshOnce } from "~/auth/refresh-once.server";
import type { SessionTokens } from "~/auth/session.server";
import type { SharedStore } from "~/store/shared-store.server";
import { oncePerSubmission, readSubmission } from "~/utils/once-per-submission.server";

export interface StoreBackend {
  /** A new client of the backend, sealing with these secrets. */
  open(secrets: string[]): SharedStore;
  /** The text the backend keeps for a session, as an operator (or a thief of a backup) sees it. */
  rawSession(id: string): Promise<string | null>;
  /** The bytes the backend keeps for a document. */
  rawDocument(key: string): Promise<Buffer | null>;
  stop(): Promise<void>;
}

const secrets = ["contract-secret-".repeat(3)];
const accessToken = "eyJhbGciOiJSUzI1NiJ9.access-token-of-ada";
const refreshToken = "refresh-token-of-ada";
const inAnHour = () => new Date(Date.now() + 3_600_000);
let sequence = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(sequence += 1)}`;

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function tokens(refresh: string, fresh: boolean): SessionTokens {
  const now = Date.now();
  return {
    accessToken: `access-for-${refresh}`,
    refreshToken: refresh,
    idToken: null,
    expiresAt: fresh ? now + 3_600_000 : now - 1000,
    refreshedAt: fresh ? now : now - 3_600_000,
  };
}

const needsRefresh = (candidate: SessionTokens) => candidate.expiresAt <= Date.now();

export function sharedStoreContract(startBackend: () => Promise<StoreBackend>) {
  let backend: StoreBackend;
  let first: SharedStore;
  let second: SharedStore;
  const opened: SharedStore[] = [];
  const open = (with_ = secrets) => {
    const store = backend.open(with_);
    opened.push(store);
    return store;
  };

  beforeAll(async () => {
    backend = await startBackend();
    first = open();
    second = open();
  });

  afterAll(async () => {
    for (const store of opened) await store.close();
    await backend?.stop();
  });

  describe("sessions", () => {
    it("are created, read, updated and removed, and seen alike by every instance", async () => {
      const id = unique("session");
      expect(await first.sessions.read(id)).toBeNull();
      await first.sessions.create(id, { user: "ada", n: 1 }, inAnHour());
      expect(await second.sessions.read(id)).toEqual({ user: "ada", n: 1 });
      await second.sessions.update(id, { user: "ada", n: 2 }, inAnHour());
      expect(await first.sessions.read(id)).toEqual({ user: "ada", n: 2 });
      await first.sessions.remove(id);
      expect(await second.sessions.read(id)).toBeNull();
      expect(await second.sessions.modify(id, () => 1)).toEqual({ found: false });
    });

    it("keep no readable token: the backend holds sealed text only another key cannot open", async () => {
      const id = unique("sealed");
      await first.sessions.create(id, { tokens: { accessToken, refreshToken }, name: "Ada Lovelace" }, inAnHour());
      await first.sessions.modify(id, (data) => {
        data.flash = "saved";
      });
      const raw = await backend.rawSession(id);
      expect(raw).toMatch(/^v1\./);
      for (const secret of [accessToken, refreshToken, "accessToken", "Ada Lovelace", "saved"]) {
        expect(raw).not.toContain(secret);
      }
      expect(await open(["another-secret-".repeat(3)]).sessions.read(id)).toBeNull();
      expect(await open(["another-secret-".repeat(3), ...secrets]).sessions.read(id)).toMatchObject({ flash: "saved" });
    });

    it("expire: an expired session is gone, and a change keeps the expiry", async () => {
      const gone = unique("expired");
      await first.sessions.create(gone, { a: 1 }, new Date(Date.now() - 1000));
      expect(await second.sessions.read(gone)).toBeNull();
      expect(await second.sessions.modify(gone, () => 1)).toEqual({ found: false });

      const soon = unique("soon");
      await first.sessions.create(soon, { a: 1 }, new Date(Date.now() + 400));
      expect(await second.sessions.modify(soon, (data) => (data.b = 2))).toEqual({ found: true, result: 2 });
      await vi.waitFor(async () => expect(await first.sessions.read(soon)).toBeNull(), { timeout: 5000 });
    });

    it("change atomically: many changes at once from two instances all survive", async () => {
      const id = unique("busy");
      await first.sessions.create(id, { count: 0 }, inAnHour());
      const changes = Array.from({ length: 40 }, (_, index) =>
        (index % 2 === 0 ? first : second).sessions.modify(id, (data) => {
          data[`key-${index}`] = index;
          data.count = (data.count as number) + 1;
          return index;
        }),
      );
      const outcomes = await Promise.all(changes);
      expect(outcomes.map((outcome) => (outcome.found ? outcome.result : null))).toEqual(
        Array.from({ length: 40 }, (_, index) => index),
      );
      const data = (await first.sessions.read(id)) as Record<string, number>;
      expect(data.count).toBe(40);
      for (let index = 0; index < 40; index += 1) expect(data[`key-${index}`]).toBe(index);
    });
  });

  describe("locks", () => {
    it("are held by one instance at a time and freed only by their holder's token", async () => {
      const name = unique("lock");
      const token = await first.locks.acquire(name, 60_000);
      expect(token).toEqual(expect.any(String));
      expect(await second.locks.acquire(name, 60_000)).toBeNull();
      expect(await first.locks.acquire(name, 60_000)).toBeNull();
      await second.locks.release(name, "not-the-token");
      expect(await second.locks.acquire(name, 60_000)).toBeNull();
      await first.locks.release(name, token!);
      expect(await second.locks.acquire(name, 60_000)).toEqual(expect.any(String));
    });

    it("free themselves when the lease ends (a holder that died), and the old token frees nothing", async () => {
      const name = unique("lease");
      const stale = await first.locks.acquire(name, 200);
      expect(stale).not.toBeNull();
      let taken: string | null = null;
      await vi.waitFor(async () => expect((taken = await second.locks.acquire(name, 60_000))).not.toBeNull(), {
        timeout: 5000,
      });
      await first.locks.release(name, stale!);
      expect(await first.locks.acquire(name, 60_000)).toBeNull();
      await second.locks.release(name, taken!);
    });

    it("are renewed only by their holder, and not once the lease has passed", async () => {
      const name = unique("renew");
      const token = await first.locks.acquire(name, 300);
      expect(await second.locks.renew(name, "not-the-token", 60_000)).toBe(false);
      expect(await first.locks.renew(name, token!, 60_000)).toBe(true);
      // Renewed past its first lease: nobody else takes it.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await second.locks.acquire(name, 60_000)).toBeNull();
      await first.locks.release(name, token!);
      const short = await first.locks.acquire(name, 100);
      await vi.waitFor(async () => expect(await second.locks.acquire(name, 60_000)).not.toBeNull(), { timeout: 5000 });
      expect(await first.locks.renew(name, short!, 60_000)).toBe(false);
    });
  });

  describe("the token refresh", () => {
    it("racing on two instances refreshes once, and both get the new tokens", async () => {
      const id = unique("refresh");
      let valid = "r0";
      let refreshes = 0;
      const gate = deferred();
      // Refresh tokens rotate: the identity provider refuses one used before.
      const refresh = async (current: SessionTokens) => {
        refreshes += 1;
        await gate.promise;
        if (current.refreshToken !== valid) throw new Error(`refresh token ${current.refreshToken} was used before`);
        valid = `r${refreshes}`;
        return tokens(valid, true);
      };
      const stale = tokens("r0", false);
      await first.sessions.create(id, { user: "ada", tokens: stale }, inAnHour());
      const options = { sessionId: id, tokens: stale, needsRefresh, refresh, pollMs: 10 };
      const racing = [first, second, second, first].map((store) => refreshOnce({ ...options, store }));
      await vi.waitFor(() => expect(refreshes).toBe(1));
      gate.resolve();
      const results = await Promise.all(racing);
      expect(refreshes).toBe(1);
      for (const result of results) expect(result.refreshToken).toBe("r1");
      expect(await second.sessions.read(id)).toMatchObject({ user: "ada", tokens: { refreshToken: "r1" } });
    });

    it("a later request holding the used tokens takes the stored ones instead of refreshing again", async () => {
      const id = unique("refresh-later");
      const stale = tokens("r0", false);
      await first.sessions.create(id, { tokens: tokens("r1", true) }, inAnHour());
      const refresh = vi.fn(async () => tokens("never", true));
      const result = await refreshOnce({ store: second, sessionId: id, tokens: stale, needsRefresh, refresh });
      expect(result.refreshToken).toBe("r1");
      expect(refresh).not.toHaveBeenCalled();
    });
  });

  describe("counters", () => {
    it("count on every instance, remember the window before, and take back a refused count", async () => {
      const key = unique("counter");
      expect(await first.counters.add(key, 7, 60_000)).toEqual({ current: 1, previous: 0 });
      expect(await second.counters.add(key, 7, 60_000)).toEqual({ current: 2, previous: 0 });
      await Promise.all(
        Array.from({ length: 10 }, (_, index) => (index % 2 ? first : second).counters.add(key, 7, 60_000)),
      );
      await first.counters.takeBack(key, 7);
      expect(await second.counters.add(key, 8, 60_000)).toEqual({ current: 1, previous: 12 - 1 });
      expect(await first.counters.add(`${key}-other`, 8, 60_000)).toEqual({ current: 1, previous: 0 });
    });

    it("forget a count after its time", async () => {
      const key = unique("short-counter");
      await first.counters.add(key, 1, 200);
      await vi.waitFor(async () => expect((await second.counters.add(key, 2, 60_000)).previous).toBe(0), {
        timeout: 5000,
      });
      expect(await first.counters.add(key, 1, 60_000)).toEqual({ current: 1, previous: 0 });
    });
  });

  describe("once per submission", () => {
    it("runs a submission sent to two instances once; the repeat waits and answers as the first", async () => {
      const id = unique("submission");
      let runs = 0;
      const gate = deferred();
      const work = async () => {
        runs += 1;
        await gate.promise;
        return { created: `token-${runs}` };
      };
      const onFirst = oncePerSubmission(first.submissions, { form: "token.create", id }, work, () => true);
      await vi.waitFor(() => expect(runs).toBe(1));
      const onSecond = oncePerSubmission(second.submissions, { form: "token.create", id }, work, () => true);
      gate.resolve();
      expect(await Promise.all([onFirst, onSecond])).toEqual([{ created: "token-1" }, { created: "token-1" }]);
      expect(await oncePerSubmission(second.submissions, { form: "token.create", id }, work, () => true)).toEqual({
        created: "token-1",
      });
      expect(runs).toBe(1);
    });

    it("gives a waiting repeat the first's failure, then runs the corrected form on any instance", async () => {
      const id = unique("failing-submission");
      const gate = deferred();
      let runs = 0;
      const failing = async () => {
        runs += 1;
        await gate.promise;
        return { error: "name taken" };
      };
      const onFirst = oncePerSubmission(
        first.submissions,
        { form: "token.create", id },
        failing,
        (outcome) => !outcome.error,
      );
      await vi.waitFor(() => expect(runs).toBe(1));
      const onSecond = oncePerSubmission(
        second.submissions,
        { form: "token.create", id },
        failing,
        (outcome) => !outcome.error,
      );
      gate.resolve();
      expect(await Promise.all([onFirst, onSecond])).toEqual([{ error: "name taken" }, { error: "name taken" }]);
      expect(runs).toBe(1);
      const corrected = async () => ({ error: "" });
      expect(
        await oncePerSubmission(
          second.submissions,
          { form: "token.create", id },
          corrected,
          (outcome) => !outcome.error,
        ),
      ).toEqual({
        error: "",
      });
    });

    it("forgets a submission whose work threw: the repeat on the other instance runs it", async () => {
      const id = unique("throwing-submission");
      const gate = deferred();
      const throwing = async () => {
        await gate.promise;
        throw new Error("Manager down");
      };
      const onFirst = oncePerSubmission(first.submissions, { form: "token.create", id }, throwing, () => true);
      await vi.waitFor(async () =>
        expect(await readSubmission(first.submissions, { form: "token.create", id })).toEqual({ state: "pending" }),
      );
      const onSecond = oncePerSubmission(
        second.submissions,
        { form: "token.create", id },
        async () => "created",
        () => true,
      );
      gate.resolve();
      await expect(onFirst).rejects.toThrow("Manager down");
      expect(await onSecond).toBe("created");
    });
  });

  describe("selections", () => {
    it("add, remove and clear members in one step, seen alike by every instance", async () => {
      const id = unique("selection");
      expect(await first.selections.members(id)).toEqual([]);
      expect(await first.selections.change(id, { add: ["MCS-0042", "MCS-0043", "MCS-0042"] }, 60_000)).toBe(2);
      expect(await second.selections.change(id, { add: ["MCS-0044"], remove: ["MCS-0042"] }, 60_000)).toBe(2);
      expect((await first.selections.members(id)).sort()).toEqual(["MCS-0043", "MCS-0044"]);
      expect(await second.selections.change(id, { clear: true, add: ["MCS-0045"] }, 60_000)).toBe(1);
      expect(await first.selections.members(id)).toEqual(["MCS-0045"]);
    });

    it("take many changes at once from two instances, and forget a set after its time", async () => {
      const id = unique("selection");
      const members = Array.from({ length: 40 }, (_, index) => `S-${index}`);
      await Promise.all(
        members.map((member, index) => (index % 2 ? first : second).selections.change(id, { add: [member] }, 60_000)),
      );
      expect((await second.selections.members(id)).length).toBe(40);
      const brief = unique("selection");
      await first.selections.change(brief, { add: ["MCS-0042"] }, 50);
      await vi.waitFor(async () => expect(await second.selections.members(brief)).toEqual([]), { timeout: 3000 });
      // A change after expiry starts from an empty set.
      expect(await second.selections.change(brief, { add: ["MCS-0043"] }, 60_000)).toBe(1);
    });
  });

  describe("documents", () => {
    it("keep bytes under a key, seen alike by every instance, replaced by a new one and removed", async () => {
      const key = unique("document");
      const bytes = new TextEncoder().encode(`{"pinCode":"482913","name":"Main Hall"}`);
      expect(await first.documents.get(key)).toBeNull();
      await first.documents.put(key, bytes, inAnHour());
      expect(await second.documents.get(key)).toEqual(bytes);
      const newer = new Uint8Array(3 * 1024 * 1024).fill(7);
      await second.documents.put(key, newer, inAnHour());
      // Compared as one buffer: toEqual would walk three million elements.
      expect(Buffer.from((await first.documents.get(key))!).equals(newer)).toBe(true);
      await first.documents.remove(key);
      expect(await second.documents.get(key)).toBeNull();
    });

    it("keep nothing readable, open only under their own key and a listed secret, and expire", async () => {
      const key = unique("document");
      await first.documents.put(key, new TextEncoder().encode("secret 482913"), inAnHour());
      const raw = await backend.rawDocument(key);
      expect(raw?.length).toBeGreaterThan(0);
      expect(raw!.toString("latin1")).not.toContain("482913");
      expect(await open(["another-secret-".repeat(3)]).documents.get(key)).toBeNull();
      expect(await open(["another-secret-".repeat(3), ...secrets]).documents.get(key)).toEqual(
        new TextEncoder().encode("secret 482913"),
      );
      const brief = unique("document");
      await first.documents.put(brief, new Uint8Array([1, 2, 3]), new Date(Date.now() + 50));
      await vi.waitFor(async () => expect(await second.documents.get(brief)).toBeNull(), { timeout: 3000 });
    });
  });

  it("answers a ping", async () => {
    expect(await first.ping()).toBe(true);
  });
}
