// Sessions: a signed id in an HttpOnly cookie, the data (user, tokens, return path, flash)
// in the server-side store. Secure cookies whenever the request arrived over HTTPS.
import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, type Cookie, type Session, type SessionStorage } from "@remix-run/node";
import type { SessionStore } from "~/store/shared-store.server";
import type { SessionUser } from "~/auth/user";
import { observability, type SessionStoreOperation } from "~/observability.server";
import { getRuntime } from "~/runtime.server";
import { sessionCookieName } from "~/auth/session-cookie";
import { sessionEnded } from "~/auth/session-ends.server";

export interface SessionTokens {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  /** Epoch milliseconds. */
  expiresAt: number;
  refreshedAt: number;
}

export interface FlashMessage {
  kind: "success" | "error" | "info";
  /** A locale key, with interpolation values. */
  message: string;
  values?: Record<string, string | number>;
}

export interface SessionData {
  user: SessionUser;
  tokens: SessionTokens;
  /** Where to go after sign-in (a path on this console). */
  returnTo: string;
  signedInAt: number;
  /** The test tones this user started ("<serial>/<channel index>"): the Manager does not say which play. */
  testTones: string[];
  /** The message of the last action, shown once by the next page (utils/flash.server.ts). */
  flash: FlashMessage;
  /**
   * Set on sign-out when the browser goes on to end the identity provider's session: the `state`
   * sent there, and the page to offer when the provider sends the browser back to /login.
   */
  signOut: { state: string; redirectTo: string };
}

export type ConsoleSession = Session<SessionData>;

interface Storage {
  cookie: Cookie;
  sessions: SessionStorage<SessionData>;
}

interface Storages {
  /** The runtime's store, as given (the storages are built again when it changes). */
  shared: SessionStore;
  /** The same, timed for the metrics. */
  store: SessionStore;
  secure: Storage;
  insecure: Storage;
}

let storages: Storages | null = null;

/** Every store operation's duration goes to the session store latency metric. */
function timedSessionStore(store: SessionStore): SessionStore {
  const timed =
    <A extends unknown[], R>(operation: SessionStoreOperation, run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      try {
        return await run(...args);
      } finally {
        observability().sessionStore(operation, performance.now() - started);
      }
    };
  return {
    create: timed("create", (id, data, expiresAt) => store.create(id, data, expiresAt)),
    read: timed("read", (id) => store.read(id)),
    update: timed("update", (id, data, expiresAt) => store.update(id, data, expiresAt)),
    modify: (id, change) => timed("modify", () => store.modify(id, change))(),
    remove: timed("remove", (id) => store.remove(id)),
  };
}

function newSessionId() {
  return randomBytes(32).toString("base64url");
}

function createStorage(store: SessionStore, secure: boolean): Storage {
  const { config, sessionSecrets } = getRuntime();
  const cookie = createCookie(sessionCookieName, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: sessionSecrets,
    maxAge: config.sessionMaxAgeSeconds,
  });
  const expiry = (expires: Date | undefined) => expires ?? new Date(Date.now() + config.sessionMaxAgeSeconds * 1000);
  const sessions = createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      const id = newSessionId();
      await store.create(id, data, expiry(expires));
      return id;
    },
    async readData(id) {
      return (await store.read(id)) as Partial<SessionData> | null;
    },
    async updateData(id, data, expires) {
      await store.update(id, data, expiry(expires));
    },
    async deleteData(id) {
      await store.remove(id);
      getRuntime().onSessionEnded?.(id);
      sessionEnded(id);
    },
  });
  return { cookie, sessions };
}

function getStorages(): Storages {
  const shared = getRuntime().store.sessions;
  // Built again when the runtime (and so the store) is replaced, as tests do.
  if (storages?.shared !== shared) {
    const store = timedSessionStore(shared);
    storages = { shared, store, secure: createStorage(store, true), insecure: createStorage(store, false) };
  }
  return storages;
}

/** For GET /readyz: resolves when the session store answers a read (of an id no session has). */
export async function checkSessionStore(): Promise<void> {
  await getStorages().store.read("readiness-probe");
}

export function isHttps(request: Request) {
  return new URL(request.url).protocol === "https:";
}

function storageFor(request: Request) {
  const { secure, insecure } = getStorages();
  return (isHttps(request) ? secure : insecure).sessions;
}

export function getSession(request: Request) {
  return storageFor(request).getSession(request.headers.get("Cookie"));
}

export function commitSession(request: Request, session: ConsoleSession) {
  return storageFor(request).commitSession(session);
}

export function destroySession(request: Request, session: ConsoleSession) {
  return storageFor(request).destroySession(session);
}

/**
 * Changes the data of the request's session in one atomic step of the store, without a new
 * cookie. The loaders of a page run side by side and an action may overlap a revalidation:
 * rewriting the whole session from a copy read earlier would undo another request's change
 * (a flash shown twice or lost, a refreshed token replaced by a stale one). Returns undefined
 * when the request has no session.
 */
export async function changeSession<T>(
  request: Request,
  change: (data: Partial<SessionData>) => T,
): Promise<T | undefined> {
  const { store, secure, insecure } = getStorages();
  const id: unknown = await (isHttps(request) ? secure : insecure).cookie.parse(request.headers.get("Cookie"));
  if (typeof id !== "string" || id === "") return undefined;
  const outcome = await store.modify(id, change as (data: Record<string, unknown>) => T);
  return outcome.found ? outcome.result : undefined;
}

/**
 * Signs the user in on a new session id (never the pre-sign-in one), keeping nothing of the
 * old session but what the caller passes. Returns the Set-Cookie headers to send.
 */
export async function startSignedInSession(
  request: Request,
  previous: ConsoleSession,
  data: Pick<SessionData, "user" | "tokens">,
): Promise<string[]> {
  const storage = storageFor(request);
  const cleared = await storage.destroySession(previous);
  const session = await storage.getSession();
  session.set("user", data.user);
  session.set("tokens", data.tokens);
  session.set("signedInAt", Date.now());
  return [cleared, await storage.commitSession(session)];
}

/** Reads a session id from a raw Cookie header (the hub bridge has no Request of its own). */
export async function readSessionFromCookieHeader(cookieHeader: string | undefined, https: boolean) {
  const { secure, insecure } = getStorages();
  return (https ? secure : insecure).sessions.getSession(cookieHeader ?? null);
}

/**
 * Ends the session: its row is deleted, and the browser gets a new, empty session that only
 * carries the "signed out" message (one Set-Cookie, so no browser keeps the old id).
 */
export async function signOutSession(
  request: Request,
  previous: ConsoleSession,
  flash: FlashMessage,
  signOut?: SessionData["signOut"],
) {
  const storage = storageFor(request);
  await storage.destroySession(previous);
  const session = await storage.getSession();
  session.set("flash", flash);
  if (signOut) session.set("signOut", signOut);
  return storage.commitSession(session);
}

/** A Set-Cookie that makes the browser forget its session, without asking the store anything. */
export function clearSessionCookie(request: Request) {
  return getStorages()[isHttps(request) ? "secure" : "insecure"].cookie.serialize("", {
    maxAge: 0,
    expires: new Date(0),
  });
}

/**
 * The page to offer after the identity provider sent the browser back from signing out, when
 * the `state` it carries is the one this browser's sign-out sent; taken once.
 */
export async function takeSignOutReturn(request: Request, state: string): Promise<string | null> {
  const signOut = await changeSession(request, (data) => {
    const taken = data.signOut;
    delete data.signOut;
    return taken;
  });
  return signOut && signOut.state === state ? signOut.redirectTo : null;
}
