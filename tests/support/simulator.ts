import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
// A simulator of its own for each test: ephemeral ports, a temporary data directory, test
// controls on, the fleet's spontaneous life off and a fast clock. Tokens come from the
// simulator's own development identity provider, signed in as a browser would.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importJWK, SignJWT, generateKeyPair, type JWK } from "jose";
import type { Role } from "../../app/contract/enums";
import { ProblemDetailsSchema } from "../../app/contract/problems";
import { demoAccounts } from "../../simulator/identity";
import {
  defaultConsoleClient,
  identityDataDirectory,
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from "../../simulator/index";
import { createManagerClient, type ManagerClient } from "../../app/manager/http.server";
import { signInWithPassword } from "./identity";

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON for JSON answers, the text for other text, a Buffer for images. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the answer it asked for
  body: any;
}

export interface CallOptions {
  /** Sign in as this role (default Admin); null sends no token. */
  as?: Role | null;
  /** Send exactly this bearer token. */
  token?: string;
  body?: unknown;
}

export interface TestSimulator extends RunningSimulator {
  dataDirectory: string;
  tokenFor(role: Role): Promise<string>;
  /** A token signed with the provider's real key; by default valid, for this simulator's issuer and audience. */
  providerSignedToken(
    role: Role,
    claims?: { audience?: string; issuer?: string; expiresInSeconds?: number },
  ): Promise<string>;
  /** A token signed with the provider's real key whose expiry has passed. */
  expiredTokenFor(role: Role): Promise<string>;
  /** A well-formed token signed with a key the Manager does not know. */
  foreignToken(): Promise<string>;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  control(path: string, body?: unknown): Promise<Answer>;
  /**
   * Closes and starts again on the same data directory, optionally with other options. New
   * ephemeral ports: a client's pooled keep-alive socket to the old server must not be reused.
   */
  restart(overrides?: TestSimulatorOptions): Promise<TestSimulator>;
}

export type TestSimulatorOptions = Partial<Omit<SimulatorOptions, "identity" | "dataDirectory">> & {
  dataDirectory?: string;
};

// RSA key generation is the slowest part of a start: later simulators of a test file reuse the
// first one's signing keys (each still has its own issuer, so tokens never cross over).
let signingKeys: string | null = null;

export async function startTestSimulator(options: TestSimulatorOptions = {}): Promise<TestSimulator> {
  const ownsDirectory = options.dataDirectory === undefined;
  const dataDirectory = options.dataDirectory ?? (await mkdtemp(join(tmpdir(), "simulator-test-")));
  const keysFile = join(identityDataDirectory(dataDirectory), "signing-keys.json");
  if (ownsDirectory && signingKeys) {
    await mkdir(identityDataDirectory(dataDirectory), { recursive: true });
    await writeFile(keysFile, signingKeys, { mode: 0o600 });
  }
  const running = await startSimulator({
    managerPort: 0,
    testControls: true,
    autonomous: false,
    speed: 200,
    ...options,
    identity: { mode: "standalone", port: 0 },
    dataDirectory,
  });
  signingKeys ??= await readFile(keysFile, "utf8");
  return wrap(running, dataDirectory, ownsDirectory, options);
}

function wrap(
  running: RunningSimulator,
  dataDirectory: string,
  ownsDirectory: boolean,
  options: TestSimulatorOptions,
): TestSimulator {
  const tokens = new Map<Role, Promise<string>>();
  const account = (role: Role) => demoAccounts.find((candidate) => candidate.roles[0] === role)!;

  const tokenFor = (role: Role) => {
    let token = tokens.get(role);
    if (!token) {
      token = signInWithPassword({
        issuer: running.identityUrl,
        clientId: defaultConsoleClient.clientId,
        clientSecret: defaultConsoleClient.clientSecret,
        redirectUri: "http://localhost:3000/login",
        username: account(role).username,
        password: account(role).password,
      }).then((set) => set.accessToken);
      tokens.set(role, token);
    }
    return token;
  };

  const call = async (method: string, path: string, callOptions: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = {};
    const role = callOptions.as === undefined ? "Admin" : callOptions.as;
    const token = callOptions.token ?? (role ? await tokenFor(role) : null);
    if (token) headers.authorization = `Bearer ${token}`;
    if (callOptions.body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${running.managerUrl}${path}`, {
      method,
      headers,
      body: callOptions.body === undefined ? undefined : JSON.stringify(callOptions.body),
    });
    return { status: response.status, headers: response.headers, body: await readBody(response) };
  };

  const simulator: TestSimulator = {
    ...running,
    dataDirectory,
    tokenFor,
    async providerSignedToken(role, claims = {}) {
      const file = join(identityDataDirectory(dataDirectory), "signing-keys.json");
      const { keys } = JSON.parse(await readFile(file, "utf8")) as { keys: JWK[] };
      const jwk = keys[0]!;
      const now = Math.floor(Date.now() / 1000);
      const expiresInSeconds = claims.expiresInSeconds ?? 600;
      return new SignJWT({ roles: account(role).roles, name: account(role).name })
        .setProtectedHeader({ alg: "RS256", kid: jwk.kid! })
        .setSubject(account(role).subject)
        .setIssuer(claims.issuer ?? running.identity.issuer)
        .setAudience(claims.audience ?? options.managerAudience ?? "station-manager")
        .setIssuedAt(Math.min(now, now + expiresInSeconds - 600))
        .setExpirationTime(now + expiresInSeconds)
        .sign(await importJWK(jwk, "RS256"));
    },
    expiredTokenFor(role) {
      return simulator.providerSignedToken(role, { expiresInSeconds: -600 });
    },
    async foreignToken() {
      const { privateKey } = await generateKeyPair("RS256");
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ roles: ["Admin"] })
        .setProtectedHeader({ alg: "RS256", kid: "foreign" })
        .setSubject("intruder")
        .setIssuer(running.identity.issuer)
        .setAudience(options.managerAudience ?? "station-manager")
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(privateKey);
    },
    call,
    async control(path, body) {
      const response = await fetch(`${running.managerUrl}/__simulator${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, headers: response.headers, body: await readBody(response) };
    },
    async close() {
      await running.close();
      if (ownsDirectory) await rm(dataDirectory, { recursive: true, force: true });
    },
    async restart(overrides = {}) {
      await running.close();
      const again = await startSimulator({
        managerPort: 0,
        testControls: true,
        autonomous: false,
        speed: 200,
        ...options,
        reseed: false,
        ...overrides,
        identity: { mode: "standalone", port: 0 },
        dataDirectory,
      });
      return wrap(again, dataDirectory, ownsDirectory, { ...options, ...overrides });
    },
  };
  return simulator;
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get("content-type") ?? "";
  if (response.status === 204) return null;
  if (/json/.test(type)) return response.json();
  if (type.startsWith("image/png")) return Buffer.from(await response.arrayBuffer());
  return response.text();
}

/** Polls until the check passes (no fixed sleeps); the clock is fast, so this is short. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) throw new Error("the expected state did not arrive in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The answer is an application/problem+json problem of this status and type; returns it parsed. */
export function expectProblem(answer: Answer, status: number, type: string) {
  if (answer.status !== status || !answer.headers.get("content-type")?.startsWith("application/problem+json")) {
    throw new Error(
      `expected a ${status} problem, got ${answer.status} ${answer.headers.get("content-type")}: ${JSON.stringify(answer.body)}`,
    );
  }
  const problem = ProblemDetailsSchema.parse(answer.body);
  if (problem.type !== type)
    throw new Error(`expected problem type ${type}, got ${problem.type}: ${JSON.stringify(problem)}`);
  if (problem.status !== status) throw new Error(`problem status ${problem.status} differs from HTTP ${status}`);
  return problem;
}

export interface FileSimulator extends TestSimulator {
  /** Starts this test's simulator with options of its own (with `"on demand"`). */
  startWith(options?: TestSimulatorOptions): Promise<void>;
}

/**
 * The simulator of a test file, one fixture for every file: a fresh one for each test (by
 * default), one for the whole file, or started by each test with its own options; closed after
 * the test (or the file) whatever happens. `const simulator = useTestSimulator()` at the top.
 */
export function useTestSimulator(
  options: TestSimulatorOptions = {},
  lifetime: "each test" | "whole file" | "on demand" = "each test",
): FileSimulator {
  let current: TestSimulator | null = null;
  const close = async () => {
    await current?.close();
    current = null;
  };
  const start = async (startOptions: TestSimulatorOptions = options) => {
    await close();
    current = await startTestSimulator(startOptions);
  };
  if (lifetime === "whole file") {
    beforeAll(() => start());
    afterAll(close);
  } else {
    if (lifetime === "each test") beforeEach(() => start());
    afterEach(close);
  }
  const simulator: FileSimulator = new Proxy({} as FileSimulator, {
    get(_, key) {
      if (key === "startWith") return start;
      if (!current) throw new Error("The test simulator is not running: start it in the test first");
      if (key === "restart") {
        return async (overrides?: TestSimulatorOptions) => {
          current = await current!.restart(overrides);
          return simulator;
        };
      }
      const value: unknown = Reflect.get(current, key);
      return typeof value === "function" ? value.bind(current) : value;
    },
  });
  return simulator;
}

/** The console's Manager client against this simulator, signed in with the role's token. */
export async function managerClientAs(simulator: TestSimulator, role: Role): Promise<ManagerClient> {
  return createManagerClient({
    baseUrl: simulator.managerUrl,
    accessToken: await simulator.tokenFor(role),
    timeoutMs: 5000,
  });
}
