// The listening history for a screen: the store, and its reads bounded in time. A database that
// does not answer gives the history's own 503 page (every other screen keeps working); on a
// station's or channel's page only the history's card says so (history-card.server.ts).
import { errorPage } from "~/error-pages.server";
import { observability } from "~/observability.server";
import type { ListeningStore } from "~/records/listening";
import { getRuntime } from "~/runtime.server";

const answerWithinMs = 5000;

export function listeningStore(): ListeningStore {
  const records = getRuntime().records;
  if (!records) throw errorPage("listeningUnavailable");
  return records.listening;
}

/** The reads' answer within the bound, else the error (the caller decides what it means). */
export async function withinBound<T>(read: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("The listening history did not answer in time")), answerWithinMs);
  });
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The reads' answer, or the history's 503 page when the database fails or is slow. */
export async function readOrPage<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await withinBound(read());
  } catch (error) {
    if (error instanceof Response || (typeof error === "object" && error !== null && "init" in error)) throw error;
    observability().error(error, "The listening history could not be read");
    throw errorPage("listeningUnavailable");
  }
}
