// The console's copies of one of the Manager's collections, one per process, tenant and scope,
// kept current from a hub (decision 072). A page reads its collection through `read`: from a live
// copy when there is one (and its session did not just write), else from the Manager with the
// user's own token — and a request that found no copy starts one with its session.
// Whose copy serves whom: a copy holds what the Manager answered the session it borrows. A session
// of a role that receives the hub in full (Admin, Owner: app/live/hub-scope.ts) fills a copy that
// serves every role, since each page cuts its role's view from the collection after checking the
// role; a Moderator's session fills one that serves Moderators only, so nothing a Manager might
// answer a Moderator differently (less) ever reaches an Admin's page. A Moderator is served from
// the full copy when there is one.
import { isLentSessionPresent, lentSessionTokens, type LentSession } from "~/auth/lent-session.server";
import { wroteRecently } from "~/auth/own-writes.server";
import type { ConsoleSession } from "~/auth/session.server";
import { onSessionEnd } from "~/auth/session-ends.server";
import type { SessionUser } from "~/auth/user";
import type { HubName } from "~/contract/hubs";
import { hubScope, type HubScope } from "~/live/hub-scope";
import { createManagerClient, type ManagerClient } from "~/manager/http.server";
import { observability } from "~/observability.server";
import { getRuntime } from "~/runtime.server";
import { subscribeToHub } from "./hub-subscription.server";
import { LiveCopy, type CopyContents, type CopyState } from "./live-copy";

/** The copy ends after this long without a reader; the next page starts another. */
const idleMs = 15 * 60 * 1000;
const checkEveryMs = 5000;

export interface CopySpec<Snapshot, View> {
  /** For the metrics and logs, and the header the copy's hub connection sends, e.g. "appView". */
  name: string;
  hub: HubName;
  targets: readonly string[];
  read(manager: ManagerClient): Promise<Snapshot>;
  /** A view built from one read (a page the copy cannot serve). */
  viewOf(snapshot: Snapshot): View;
  /** An empty view, and how the copy's reads and pushes change it. */
  emptyView(): View;
  contents(view: View): CopyContents<Snapshot>;
}

interface Copy<Snapshot, View> {
  live: LiveCopy<Snapshot>;
  view: View;
  lender: LentSession;
  scope: HubScope;
}

export function venueCopies<Snapshot, View>(spec: CopySpec<Snapshot, View>) {
  const copies = new Map<string, Copy<Snapshot, View>>();
  const keyOf = (tenantId: string, scope: HubScope) => `${scope}\u0000${tenantId}`;

  onSessionEnd((sessionId) => {
    for (const { live, lender } of [...copies.values()])
      if (lender.sessionId === sessionId) live.end("its lender signed out");
  });

  /** A token of the session lent, refreshed when due; the copy ends with that session. */
  async function lentToken(lender: LentSession) {
    const lent = await lentSessionTokens(lender, { copy: spec.name });
    if (!lent) throw new Error("the session lent to the copy has ended");
    return lent.accessToken;
  }

  function start(tenantId: string, scope: HubScope, lender: LentSession) {
    const key = keyOf(tenantId, scope);
    const view = spec.emptyView();
    const report = observability();
    let previous: CopyState = "connecting";
    report.venueCopy({ kind: "state", copy: spec.name, scope, previous: null, state: previous });
    const copy: Copy<Snapshot, View> = {
      view,
      lender,
      scope,
      live: new LiveCopy({
        subscribe: (events) =>
          subscribeToHub({
            managerUrl: getRuntime().managerUrl,
            hub: spec.hub,
            copy: spec.name,
            targets: spec.targets,
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
          return spec.read(manager);
        },
        contents: spec.contents(view),
        lenderPresent: () => isLentSessionPresent(lender),
        idleMs,
        checkEveryMs,
        stateChanged(state) {
          report.venueCopy({ kind: "state", copy: spec.name, scope, previous, state });
          previous = state;
        },
        fullRead: (reason) => report.venueCopy({ kind: "fullRead", copy: spec.name, reason }),
        ended(reason, error) {
          if (copies.get(key) === copy) copies.delete(key);
          report.venueCopy({ kind: "ended", copy: spec.name, reason, error: error ? String(error) : undefined });
        },
      }),
    };
    copies.set(key, copy);
  }

  return {
    /** The collection for a page: from a live copy that may serve the user, else from the Manager. */
    async read(
      request: Request,
      context: { user: SessionUser; session: ConsoleSession; manager: ManagerClient },
    ): Promise<View> {
      const { user, session, manager } = context;
      const scope = hubScope(user, spec.hub);
      const own = scope ? copies.get(keyOf(user.tenantId, scope)) : undefined;
      const full = scope === "reduced" ? copies.get(keyOf(user.tenantId, "full")) : undefined;
      if (!wroteRecently(session.id)) {
        for (const copy of [full, own]) {
          if (copy?.live.serve()) {
            observability().venueCopy({ kind: "served", copy: spec.name, from: "copy", scope: copy.scope });
            return copy.view;
          }
        }
      }
      // A Moderator starts a copy of their own only when there is no full one, live or coming.
      if (scope && !own && !full)
        start(user.tenantId, scope, { sessionId: session.id, origin: new URL(request.url).origin });
      const view = spec.viewOf(await spec.read(manager));
      observability().venueCopy({ kind: "served", copy: spec.name, from: "manager", scope: "none" });
      return view;
    },
    /** Ends every copy (the process stops). */
    endAll() {
      for (const { live } of [...copies.values()]) live.end("the console stops");
    },
  };
}
