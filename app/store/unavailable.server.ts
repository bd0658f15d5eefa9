// While the shared store (Redis, or the SQLite file) cannot answer, no page can read its session:
// every operation's failure becomes the "briefly unavailable" page (503, in the reader's
// language, with Reload) instead of the generic 500 after a long wait (issue 28, item 7). The
// failure is thrown before anything is sent to the Manager, so nothing is half-saved.
import type { SharedStore } from "~/store/shared-store.server";
import { errorPage } from "~/error-pages.server";
import { isErrorPagePayload, type ErrorPageKind } from "~/error-pages";
import { observability } from "~/observability.server";

type Section =
  | SharedStore["sessions"]
  | SharedStore["locks"]
  | SharedStore["counters"]
  | SharedStore["submissions"]
  | SharedStore["selections"]
  | SharedStore["documents"];

/**
 * The section with each operation's failure logged and thrown as the error page `kind`: a store
 * that does not answer is a clear 503 page, never the unexpected 500.
 */
export function failuresAsErrorPage<T extends object>(
  section: T,
  kind: ErrorPageKind = "storeUnavailable",
  what = "The shared store did not answer",
): T {
  const wrapped = {} as Record<string, unknown>;
  for (const [name, operation] of Object.entries(section)) {
    wrapped[name] =
      typeof operation === "function"
        ? async (...args: unknown[]) => {
            try {
              return await (operation as (...args: unknown[]) => Promise<unknown>).apply(section, args);
            } catch (error) {
              observability().warn(what, {
                operation: name,
                error: error instanceof Error ? error.message : String(error),
              });
              throw errorPage(kind);
            }
          }
        : operation;
  }
  return wrapped as T;
}

const guarded = <T extends Section>(section: T) => failuresAsErrorPage(section);

/** The store whose failures throw the "briefly unavailable" error page. */
export function unavailableAsErrorPage(store: SharedStore): SharedStore {
  return {
    kind: store.kind,
    sessions: guarded(store.sessions),
    locks: guarded(store.locks),
    counters: guarded(store.counters),
    submissions: guarded(store.submissions),
    selections: guarded(store.selections),
    documents: guarded(store.documents),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}

/** Whether a thrown value is the error page `kind`. */
export function isErrorPageOf(thrown: unknown, kind: ErrorPageKind): boolean {
  const payload = typeof thrown === "object" && thrown !== null && "data" in thrown ? thrown.data : null;
  return isErrorPagePayload(payload) && payload.errorPage === kind;
}

/** Whether a thrown value is that page: the shared store did not answer. */
export const isStoreUnavailable = (thrown: unknown) => isErrorPageOf(thrown, "storeUnavailable");
