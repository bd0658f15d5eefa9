// Keeps the hubs the current page needs open (through the console's /hubs bridge, WebSockets
// only) and turns their pushes into revalidation of the page's loaders: the Manager stays the
// single source of truth (DESIGN.md §4, §9). JavaScript-only by nature.
import { notifications } from "#mantine/notifications/notifications.store.mjs";
import { useFetchers, useMatches, useNavigation, useRevalidator } from "@remix-run/react";
import type { HubConnection } from "@microsoft/signalr";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "~/auth/user";
import { isExpectedChange } from "~/domain/push-updates";
import { createCoalescer, type Coalescer } from "~/live/coalesce";
import { hubScope } from "~/live/hub-scope";
import { hubsOf, liveIntervalOf } from "~/live/hubs";
import { isLeaveQuestionOpen, useLeaveQuestionOpen } from "~/live/leave-question";
import { setLiveStatus, useLiveStatus } from "~/live/live-status";
import { liveRetryPolicy, retryDelaysMs } from "~/live/retry-policy";
import { hubMessages, type HubName } from "~/contract/hubs";
import { whenIdle } from "~/utils/when-idle";

/** A hub no longer needed stops after 300 ms; retries: app/live/retry-policy.ts. */
const stopDelayMs = 300;
/** After giving up, try again quietly now and then while the page still needs the hub. */
const recoveryIntervalMs = 10_000;
const revalidationIntervalMs = 350;
/** How long a submit event holds pushes back when no render shows the submission under way. */
const submitGraceMs = 1_000;
const disconnectNotificationId = "live-disconnected";

interface HubEntry {
  hub: HubName;
  connection: HubConnection | null;
  connected: boolean;
  stopTimer: ReturnType<typeof setTimeout> | null;
  retryTimer: ReturnType<typeof setTimeout> | null;
  stopped: boolean;
  reconnecting: boolean;
  failed: boolean;
}

/**
 * `<html data-live>`: "caught-up" once every hub the page needs is open and what they announced
 * meanwhile is loaded (the catch-up revalidation, and any run due after it), or at once on a page
 * that needs none; "connecting" or "catching-up" before that; "interrupted" while a hub is down.
 * The e2e tests act on "caught-up" rather than on a quiet network
 * (docs/decisions/067-one-walk-per-page-state.md).
 */
function markLive(entries: Map<HubName, HubEntry>, loading: boolean) {
  const needed = [...entries.values()].filter((entry) => !entry.stopped && !entry.stopTimer);
  document.documentElement.dataset.live = needed.some((entry) => entry.failed)
    ? "interrupted"
    : needed.some((entry) => !entry.connected || entry.reconnecting)
      ? "connecting"
      : loading
        ? "catching-up"
        : "caught-up";
}

function updateStatus(entries: Map<HubName, HubEntry>) {
  const active = [...entries.values()].filter((entry) => !entry.stopped);
  setLiveStatus({
    reconnecting: active.some((entry) => entry.reconnecting),
    disconnected: active.some((entry) => entry.failed),
  });
}

export function LiveUpdates({ user }: { user: Pick<SessionUser, "roles"> }) {
  const matches = useMatches();
  const revalidator = useRevalidator();
  const { t } = useTranslation();
  const { disconnected } = useLiveStatus();
  // A hub the bridge would refuse this role is not asked for (a page may list more hubs than a
  // Moderator receives, e.g. the App view's customization hub).
  const hubs = hubsOf(matches).filter((hub) => hubScope(user, hub) !== null);
  const hubsKey = hubs.join(",");
  const entries = useRef(new Map<HubName, HubEntry>());
  const coalescer = useRef<Coalescer | null>(null);
  const liveInterval = useRef(0);
  liveInterval.current = liveIntervalOf(matches);
  const navigationState = useNavigation().state;
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // A revalidation started while a navigation loads would abort that navigation's loaders (and
  // lose the flash message the first answer consumed): wait until the navigation is done.
  const navigating = useRef(false);
  navigating.current = navigationState !== "idle";
  // While a form is being submitted, every loader runs again once the action is done — after
  // the change a push announces — so the push needs no revalidation of its own.
  const fetchers = useFetchers();
  const submitting = useRef(false);
  submitting.current = navigationState === "submitting" || fetchers.some((fetcher) => fetcher.state === "submitting");
  const deferred = useRef(false);
  // A form's submit event comes before any render of the submission: the router's states render in
  // a transition, late on a busy machine, and a push then found `navigating` false while the action's
  // redirect loaded — the revalidation restarted that load and the flash message was lost. From the
  // event until a render shows a navigation or a fetcher under way (or, for a submission the page's
  // own checks stopped, until `submitGraceMs` has passed) a push waits as it waits for a navigation.
  const submitSeen = useRef<ReturnType<typeof setTimeout> | null>(null);
  const underWay = navigationState !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  // Caught up means shown. `revalidate()` only asks: React renders the router's answer later, in a
  // transition, and a render for another reason can come first with the revalidator still idle.
  // So a run is over once a render shows the router took it (loading) or shows new loader data
  // (every page with hubs has a loader that revalidates), and that render is idle again.
  const rendered = matches.map((match) => match.data);
  const renderedData = useRef(rendered);
  renderedData.current = rendered;
  const requestedWith = useRef<unknown[] | null>(null);
  const mark = useRef(() => {});
  mark.current = () =>
    markLive(entries.current, Boolean(coalescer.current?.busy()) || deferred.current || requestedWith.current !== null);

  useEffect(() => {
    coalescer.current = createCoalescer(
      () => {
        // Nor while the "Unsaved changes" question is open: its end would close the question.
        if (navigating.current || submitSeen.current || isLeaveQuestionOpen()) {
          deferred.current = true;
          coalescer.current?.settled();
          return;
        }
        requestedWith.current = renderedData.current;
        revalidate.current();
      },
      () => Math.max(revalidationIntervalMs, liveInterval.current),
    );
    const onSubmit = () => {
      if (submitSeen.current) clearTimeout(submitSeen.current);
      submitSeen.current = setTimeout(() => {
        submitSeen.current = null;
        if (deferred.current && !navigating.current && !isLeaveQuestionOpen()) {
          deferred.current = false;
          coalescer.current?.notify();
        }
      }, submitGraceMs);
    };
    document.addEventListener("submit", onSubmit, true);
    return () => {
      document.removeEventListener("submit", onSubmit, true);
      if (submitSeen.current) clearTimeout(submitSeen.current);
      coalescer.current?.dispose();
    };
  }, []);

  // After every render: once neither a revalidation nor a navigation is loading, the last run
  // is over (checked each time rather than on a change of state, which React may batch away).
  // A run put off for the question goes once the question is answered (this renders again then).
  const questionOpen = useLeaveQuestionOpen();
  useEffect(() => {
    if (submitSeen.current && underWay) {
      clearTimeout(submitSeen.current);
      submitSeen.current = null;
    }
    const requested = requestedWith.current;
    if (
      requested &&
      (revalidator.state !== "idle" ||
        navigationState !== "idle" ||
        requested.length !== rendered.length ||
        requested.some((data, index) => data !== rendered[index]))
    )
      requestedWith.current = null;
    if (revalidator.state === "idle" && navigationState === "idle" && !requestedWith.current) {
      coalescer.current?.settled();
      if (deferred.current && !questionOpen && !submitSeen.current) {
        deferred.current = false;
        coalescer.current?.notify();
      }
    }
    mark.current();
  });

  useEffect(() => {
    const current = entries.current;
    const needed = new Set(hubsKey ? (hubsKey.split(",") as HubName[]) : []);
    const starting: HubEntry[] = [];

    for (const hub of needed) {
      const entry = current.get(hub);
      if (entry && !entry.stopped) {
        if (entry.stopTimer) clearTimeout(entry.stopTimer);
        entry.stopTimer = null;
      } else {
        const fresh: HubEntry = {
          hub,
          connection: null,
          connected: false,
          stopTimer: null,
          retryTimer: null,
          stopped: false,
          reconnecting: false,
          failed: false,
        };
        current.set(hub, fresh);
        starting.push(fresh);
      }
    }
    // The hubs start once the page is idle after hydration (the SignalR client is a chunk of its
    // own, and each start ends with a revalidation that renders the page again), and the hubs
    // started together ask for the pushes they missed with one revalidation, not one each
    // (docs/decisions/047-performance-budget-and-upgrade-checklist.md#live-updates-after-load).
    const statusChanged = () => {
      updateStatus(current);
      mark.current();
    };
    let started = false;
    const cancelStart = whenIdle(() => {
      started = true;
      if (starting.length === 0) return;
      void Promise.all(starting.map((entry) => startHub(entry, 0, false))).then((connected) => {
        if (connected.some(Boolean)) coalescer.current?.notify();
        mark.current();
      });
    });
    for (const entry of current.values()) {
      if (!needed.has(entry.hub) && !entry.stopped && !entry.stopTimer) {
        entry.stopTimer = setTimeout(() => stopHub(entry), stopDelayMs);
      }
    }
    mark.current();

    /** Whether the hub is open; `catchUp`: revalidate once it is (missed pushes). */
    async function startHub(entry: HubEntry, attempt: number, catchUp = true): Promise<boolean> {
      if (entry.stopped) return false;
      let signalR: typeof import("@microsoft/signalr");
      try {
        signalR = await import("@microsoft/signalr");
      } catch {
        // Its chunk did not load (blocked, lost): the page works on without live updates, says
        // so, and tries again like a dropped hub (docs/decisions/046-javascript-partly-loaded.md).
        retryLater(entry, attempt);
        return false;
      }
      if (!entry.connection) {
        const connection = new signalR.HubConnectionBuilder()
          .withUrl(`/hubs/${entry.hub}`, {
            transport: signalR.HttpTransportType.WebSockets,
            withCredentials: true,
          })
          .withAutomaticReconnect(liveRetryPolicy())
          .configureLogging(signalR.LogLevel.None)
          .build();
        for (const target of Object.values(hubMessages[entry.hub])) {
          connection.on(target, (_item: unknown, action: unknown) => {
            if (!isExpectedChange(target, action)) {
              // Spec §4: e.g. a channel push other than Update is an error; it is not applied.
              console.error(`Live update contract error: ${entry.hub} ${target} with action ${String(action)}`);
              return;
            }
            if (!submitting.current) coalescer.current?.notify();
          });
        }
        connection.onreconnecting(() => {
          entry.reconnecting = true;
          statusChanged();
        });
        connection.onreconnected(() => {
          entry.reconnecting = false;
          entry.failed = false;
          // Whatever changed while the socket was down is only known by asking again.
          coalescer.current?.notify();
          statusChanged();
        });
        connection.onclose(() => {
          entry.reconnecting = false;
          entry.connected = false;
          if (entry.stopped) return statusChanged();
          entry.failed = true;
          statusChanged();
          entry.retryTimer = setTimeout(() => void startHub(entry, retryDelaysMs.length), recoveryIntervalMs);
        });
        entry.connection = connection;
      }
      try {
        await entry.connection.start();
        if (entry.stopped) {
          void entry.connection.stop();
          return false;
        }
        entry.connected = true;
        entry.failed = false;
        entry.reconnecting = false;
        // A push sent between the page's render and this subscription was missed (or the hub
        // was down): ask once now, so the page is current from here on.
        if (catchUp) coalescer.current?.notify();
        statusChanged();
        return true;
      } catch {
        retryLater(entry, attempt);
        return false;
      }
    }

    function retryLater(entry: HubEntry, attempt: number) {
      if (entry.stopped) return;
      entry.failed = true;
      statusChanged();
      const delay = retryDelaysMs[attempt] ?? recoveryIntervalMs;
      entry.retryTimer = setTimeout(() => void startHub(entry, attempt + 1), delay);
    }

    function stopHub(entry: HubEntry) {
      entry.stopped = true;
      entry.stopTimer = null;
      if (entry.retryTimer) clearTimeout(entry.retryTimer);
      void entry.connection?.stop();
      current.delete(entry.hub);
      statusChanged();
    }

    // Left before they started (a quick navigation): the next page starts what it needs afresh.
    return () => {
      if (started) return;
      cancelStart();
      for (const entry of starting) current.delete(entry.hub);
    };
  }, [hubsKey]);

  useEffect(() => {
    const current = entries.current;
    return () => {
      for (const entry of current.values()) {
        entry.stopped = true;
        if (entry.retryTimer) clearTimeout(entry.retryTimer);
        if (entry.stopTimer) clearTimeout(entry.stopTimer);
        void entry.connection?.stop();
      }
      current.clear();
      setLiveStatus({ reconnecting: false, disconnected: false });
      delete document.documentElement.dataset.live;
    };
  }, []);

  useEffect(() => {
    if (disconnected) {
      notifications.show({
        id: disconnectNotificationId,
        color: "orange",
        autoClose: false,
        withBorder: true,
        message: t("errors.websocketDisconnected"),
        closeButtonProps: { "aria-label": t("notifications.close") },
      });
    } else {
      notifications.hide(disconnectNotificationId);
    }
  }, [disconnected, t]);

  return null;
}
