// The one place the console talks HTTP to the Manager: bearer token, a timeout on every call,
// JSON in and out, answers parsed with the shared wire schemas, and every failure turned into a
// ManagerError whose `failure` says what happened (mapped to behaviour in failures.server.ts).
import type * as z from "zod";
import { managerPathTemplate } from "~/contract/paths";
import { NoInternetDetailSchema, ProblemDetailsSchema, type ProblemDetails } from "~/contract/problems";

export type ManagerFailure =
  | { kind: "unreachable"; reason: "refused" | "timeout" }
  | { kind: "serverError"; status: number }
  | { kind: "noInternet" }
  | { kind: "unauthorized"; tokenInvalid: boolean }
  | { kind: "forbidden" }
  | { kind: "notFound" }
  | { kind: "validation"; fieldErrors: Record<string, string[]> }
  | { kind: "typed"; status: number; type: string; detail: unknown }
  | { kind: "notJson"; url: string }
  | { kind: "contract"; url: string; issues: string };

export class ManagerError extends Error {
  constructor(
    readonly failure: ManagerFailure,
    readonly method: string,
    readonly path: string,
  ) {
    super(`${method} ${path}: ${describe(failure)}`);
    this.name = "ManagerError";
  }
}

function describe(failure: ManagerFailure) {
  switch (failure.kind) {
    case "notJson":
      return `the answer of ${failure.url} is not in JSON format`;
    case "contract":
      return `the answer of ${failure.url} does not match the contract: ${failure.issues}`;
    case "typed":
      return `${failure.status} ${failure.type}`;
    default:
      return failure.kind;
  }
}

export function isManagerError(error: unknown, kind?: ManagerFailure["kind"]): error is ManagerError {
  return error instanceof ManagerError && (kind === undefined || error.failure.kind === kind);
}

/** One finished Manager call, for logs and metrics: never its query, body or token. */
export interface ManagerCallRecord {
  method: string;
  /** The path template (app/contract/paths.ts), e.g. /configuration/api/v1.0/stations/{serialNumber}. */
  path: string;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  /** The status class ("2xx", "4xx", …), or what went wrong when there is none to judge by. */
  outcome: string;
  durationMs: number;
}

export interface ManagerClientOptions {
  baseUrl: string;
  accessToken: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Told of every call once it is answered or failed (the server's logs and metrics). */
  onCall?: (call: ManagerCallRecord) => void;
  /** Sent with every call besides the token (a background job names itself, consoleJobHeader). */
  headers?: Record<string, string>;
}

type Query = Record<string, string | number | boolean | undefined | null>;
type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface ManagerClient {
  /** GET a JSON answer and parse it with the schema. */
  get<T>(path: string, schema: z.ZodType<T>, query?: Query): Promise<T>;
  /** GET a JSON answer that may be absent (204 or 404) — null then. */
  getOptional<T>(path: string, schema: z.ZodType<T>): Promise<T | null>;
  /** A write; parses the JSON answer with the schema when one is given. */
  send<T = undefined>(method: Exclude<Method, "GET">, path: string, body?: unknown, schema?: z.ZodType<T>): Promise<T>;
  /** A binary answer (downloads), passed through as is. */
  download(path: string): Promise<Response>;
}

function withQuery(url: URL, query: Query | undefined) {
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  return url;
}

function isJson(response: Response) {
  const type = response.headers.get("content-type") ?? "";
  return /^application\/([\w.+-]*\+)?json\b/i.test(type);
}

async function readProblem(response: Response): Promise<ProblemDetails | null> {
  if (!isJson(response)) return null;
  const parsed = ProblemDetailsSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

function parseDetail(detail: string | undefined): unknown {
  if (!detail) return null;
  try {
    return JSON.parse(detail);
  } catch {
    return detail;
  }
}

async function failureOf(response: Response): Promise<ManagerFailure> {
  const status = response.status;
  if (status === 401) {
    const challenge = response.headers.get("www-authenticate") ?? "";
    return { kind: "unauthorized", tokenInvalid: /error="?invalid_token"?/i.test(challenge) };
  }
  if (status === 403) return { kind: "forbidden" };
  const problem = await readProblem(response);
  const detail = parseDetail(problem?.detail);
  if (status === 503 && NoInternetDetailSchema.safeParse(detail).success) return { kind: "noInternet" };
  if (status >= 500) return { kind: "serverError", status };
  if (status === 404) return { kind: "notFound" };
  if (status === 400 && problem?.errors) return { kind: "validation", fieldErrors: problem.errors };
  return { kind: "typed", status, type: problem?.type ?? `http:${status}`, detail };
}

function isTimeout(error: unknown) {
  return error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** A transport or reading failure names itself; an HTTP answer counts by its status class. */
function outcomeOf(status: number | null, error: unknown): string {
  if (error instanceof ManagerError) {
    const { failure } = error;
    if (failure.kind === "unreachable") return failure.reason;
    if (failure.kind === "notJson" || failure.kind === "contract") return failure.kind;
  }
  if (status !== null) return `${Math.floor(status / 100)}xx`;
  return "error";
}

export function createManagerClient(options: ManagerClientOptions): ManagerClient {
  const doFetch = options.fetch ?? fetch;

  /** Times one call from its request to its parsed answer (or failure) and reports it. */
  async function observed<T>(method: Method, path: string, call: (answered: (status: number) => void) => Promise<T>) {
    if (!options.onCall) return call(() => {});
    const started = performance.now();
    let status: number | null = null;
    const report = (error: unknown) =>
      options.onCall!({
        method,
        path: managerPathTemplate(path) ?? "(unknown)",
        status,
        outcome: outcomeOf(status, error),
        durationMs: performance.now() - started,
      });
    try {
      const result = await call((answered) => (status = answered));
      report(null);
      return result;
    } catch (error) {
      report(error);
      throw error;
    }
  }

  async function request(
    method: Method,
    path: string,
    init: { query?: Query; body?: unknown; accept: string; answered: (status: number) => void },
  ) {
    const url = withQuery(new URL(path, options.baseUrl), init.query);
    const headers: Record<string, string> = {
      ...options.headers,
      Authorization: `Bearer ${options.accessToken}`,
      Accept: init.accept,
    };
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: "manual",
      });
    } catch (error) {
      throw new ManagerError({ kind: "unreachable", reason: isTimeout(error) ? "timeout" : "refused" }, method, path);
    }
    init.answered(response.status);
    if (!response.ok) {
      throw new ManagerError(await failureOf(response), method, path);
    }
    return { response, url: url.toString() };
  }

  async function parseJson<T>(method: Method, path: string, response: Response, url: string, schema: z.ZodType<T>) {
    if (!isJson(response)) throw new ManagerError({ kind: "notJson", url }, method, path);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ManagerError({ kind: "notJson", url }, method, path);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
        .join("; ");
      throw new ManagerError({ kind: "contract", url, issues }, method, path);
    }
    return parsed.data;
  }

  return {
    get: (path, schema, query) =>
      observed("GET", path, async (answered) => {
        const { response, url } = await request("GET", path, { query, accept: "application/json", answered });
        return parseJson("GET", path, response, url, schema);
      }),
    async getOptional(path, schema) {
      try {
        return await observed("GET", path, async (answered) => {
          const { response, url } = await request("GET", path, { accept: "application/json", answered });
          if (response.status === 204) return null;
          return await parseJson("GET", path, response, url, schema);
        });
      } catch (error) {
        if (isManagerError(error, "notFound")) return null;
        throw error;
      }
    },
    send: (method, path, body, schema) =>
      observed(method, path, async (answered) => {
        const { response, url } = await request(method, path, { body, accept: "application/json", answered });
        if (!schema) {
          await response.body?.cancel();
          return undefined as never;
        }
        return parseJson(method, path, response, url, schema);
      }),
    // Timed until the answer's headers: the body streams on to the browser afterwards.
    download: (path) =>
      observed("GET", path, async (answered) => (await request("GET", path, { accept: "*/*", answered })).response),
  };
}
