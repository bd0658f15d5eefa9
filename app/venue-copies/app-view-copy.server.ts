// The console's copy of the Manager's app view, one per process and tenant, kept current from the
// stations hub (decision 072; the pushes: ./app-view-pushes.ts). The App view's pages read it
// while it is live; otherwise, and for a session that has just written, they read the Manager as
// before. The Manager answers the app view alike to every role allowed to open it, and each page
// cuts its role's view from it (a Moderator's holds names and mute states only), so one copy
// serves every role. It borrows the session of an Admin or Owner — the roles that receive the
// stations hub in full (app/live/hub-scope.ts) — whose request found no copy.
import { isLentSessionPresent, lentSessionTokens, type LentSession } from "~/auth/lent-session.server";
import { wroteRecently } from "~/auth/own-writes.server";
import type { ConsoleSession } from "~/auth/session.server";
import { onSessionEnd } from "~/auth/session-ends.server";
import type { SessionUser } from "~/auth/user";
import type { AppViewStation } from "~/contract/app-view";
import { hubScope } from "~/live/hub-scope";
import { getAppViewStations } from "~/manager/app-view.server";
import { createManagerClient, type ManagerClient } from "~/manager/http.server";
import { observability } from "~/observability.server";
import { getRuntime } from "~/runtime.server";
import { AppViewIndex } from "./app-view-index";
import { appViewContents, appViewTargets } from "./app-view-pushes";
import { subscribeToHub } from "./hub-subscription.server";
import { LiveCopy, type CopyState } from "./live-copy";

const copyName = "appView";
/** The copy ends after this long without a reader; the next App view starts another. */
const idleMs = 15 * 60 * 1000;
const checkEveryMs = 5000;

interface Copy {
  live: LiveCopy<AppViewStation[]>;
  index: AppViewIndex;
  lender: LentSession;
}

/** One copy per tenant: a Manager serving several organisations keeps their venues apart. */
const copies = new Map<string, Copy>();

onSessionEnd((sessionId) => {
  for (const { live, lender } of [...copies.values()])
    if (lender.sessionId === sessionId) live.end("its lender signed out");
});

/** A token of the session lent, refreshed when due; the copy ends with that session. */
async function lentToken(lender: LentSession) {
  const lent = await lentSessionTokens(lender, { copy: copyName });
  if (!lent) throw new Error("the session lent to the copy has ended");
  return lent.accessToken;
}

function startCopy(tenantId: string, lender: LentSession) {
  const index = new AppViewIndex();
  const report = observability();
  let previous: CopyState = "connecting";
  report.venueCopy({ kind: "state", copy: copyName, previous: null, state: previous });
  const copy: Copy = {
    index,
    lender,
    live: new LiveCopy({
      subscribe: (events) =>
        subscribeToHub({
          managerUrl: getRuntime().managerUrl,
          hub: "stationsHub",
          copy: copyName,
          targets: appViewTargets,
          accessToken: () => lentToken(lender),
          events,
        }),
      async read() {
        const { managerUrl, config } = getRuntime();
        const manager = createManagerClient({
          baseUrl: managerUrl,
          accessToken: await lentToken(lender),
          timeoutMs: config.managerTimeoutMs,
          onCall: report.managerCall,
        });
        return getAppViewStations(manager);
      },
      contents: appViewContents(index),
      lenderPresent: () => isLentSessionPresent(lender),
      idleMs,
      checkEveryMs,
      stateChanged(state) {
        report.venueCopy({ kind: "state", copy: copyName, previous, state });
        previous = state;
      },
      fullRead: (reason) => report.venueCopy({ kind: "fullRead", copy: copyName, reason }),
      ended(reason, error) {
        if (copies.get(tenantId) === copy) copies.delete(tenantId);
        report.venueCopy({ kind: "ended", copy: copyName, reason, error: error ? String(error) : undefined });
      },
    }),
  };
  copies.set(tenantId, copy);
}

/** Whether the user's role receives the stations hub in full, and so may lend the copy its session. */
const mayLend = (user: SessionUser) => hubScope(user, "stationsHub") === "full";

/**
 * The app view for a page: the live copy when there is one (and the session did not just write),
 * else read from the Manager with the user's own token. A request that finds no copy starts one
 * with its session when its role may lend it.
 */
export async function appViewFor(
  request: Request,
  context: { user: SessionUser; session: ConsoleSession; manager: ManagerClient },
): Promise<AppViewIndex> {
  const { user, session, manager } = context;
  const copy = copies.get(user.tenantId);
  if (copy && !wroteRecently(session.id) && copy.live.serve()) {
    observability().venueCopy({ kind: "served", copy: copyName, from: "copy" });
    return copy.index;
  }
  if (!copy && mayLend(user)) startCopy(user.tenantId, { sessionId: session.id, origin: new URL(request.url).origin });
  const stations = await getAppViewStations(manager);
  observability().venueCopy({ kind: "served", copy: copyName, from: "manager" });
  return AppViewIndex.of(stations);
}

/** Ends every copy (the process stops). */
export function endAppViewCopies() {
  for (const { live } of [...copies.values()]) live.end("the console stops");
}
