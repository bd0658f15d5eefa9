// The listening sampler (issue 35, item 1; docs/decisions/070-listener-history.md). Every console
// process runs it; a lease in the shared store makes exactly one of all workers and instances the
// sampler, renewed every couple of seconds — when that process dies another takes over within the
// lease. The holder reads every station's listener counts from the Manager's station list every
// LISTENING_SAMPLE_SECONDS (pages of 1,000, at most 8 calls in flight, like bulk actions) and
// follows the stations hub between readings; it stores what changed (observer.ts), rolls old
// samples up every minute and removes what is past keeping every hour.
//
// What is stored goes through one function (`store`): a batch that cannot be stored is handed to
// `handOff` (the records spool, once there is one); one nobody takes is lost, and the history then
// says so — a gap from the first sample not stored, never a count.
//
// The holder also runs the alert evaluator (app/alerts/engine.server.ts) on what it observes: the
// stations stopped or gone, the channels emptied, the Manager unreachable — and after each round
// hands it what the rules need of the Manager besides (app/alerts/manager-facts.ts): the stations
// waiting to be authorized from the same list pages, and the firmware statuses and the first page
// of system events only while a rule needs them. Those reads never touch the history: a failed one
// is told to the evaluator as not read, and the sampler goes on.
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from "@microsoft/signalr";
import { startAlertEngine } from "~/alerts/engine.server";
import { unauthorizedOf, type ManagerFacts, type UnauthorizedStation } from "~/alerts/manager-facts";
import { hubMessages, hubPaths } from "~/contract/hubs";
import { ChannelListenersSchema, StationListenersSchema, type StationListeners } from "~/contract/stations";
import { consoleJobHeader, consoleJobParameter } from "~/contract/values";
import { hourMs, minuteMs } from "~/domain/listening-series";
import { listFirmwareInfos } from "~/manager/firmware.server";
import { isManagerError, type ManagerClient } from "~/manager/http.server";
import { largestPage, listStationListeners } from "~/manager/stations.server";
import { getSystemEvents } from "~/manager/system-events.server";
import { observability, type ListeningRound } from "~/observability.server";
import { emptyBatch, isEmptyBatch, type ListeningBatch, type ListeningGapReason } from "~/records/listening";
import { getRuntime } from "~/runtime.server";
import { managerCallsInFlight, mapWithConcurrency } from "~/utils/bounded-concurrency";
import { historyMarks, type HistoryMarks } from "./history.server";
import {
  mergeBatches,
  newObserverState,
  observeChannel,
  observeFleet,
  observeNothing,
  observeStation,
  type ObserverState,
  type StationReading,
} from "./observer";
import { removeOldHistory, rollUp } from "./rollup.server";
import { resumeFromHistory } from "./takeover.server";
import { samplerJob, samplerSession } from "./sampler-session.server";

export interface ListeningSamplerOptions {
  /** How long the lease lasts unless renewed: the longest a dead holder leaves the history unsampled. */
  leaseMs?: number;
  /** How often the lease is renewed (or tried for) and pushes are stored. */
  tickMs?: number;
  /**
   * Takes a batch that could not be stored (the records spool): true when it will be stored later.
   * Without one a lost batch becomes a gap.
   */
  handOff?: (batch: ListeningBatch) => Promise<boolean>;
}

export interface ListeningSampler {
  /** Stops sampling, stores what is pending and frees the lease (another process takes over at once). */
  stop(): Promise<void>;
}

const leaseName = "listening-sampler";
const rollupEveryMs = minuteMs;
const retentionEveryMs = hourMs;
/** The system events the alerts read each round: the newest, where a station's latest shows. */
const alertEventsTake = 100;

/** A listed station as the history sees it: only authorized stations count. */
export function readingOf(station: StationListeners): StationReading | null {
  if (!station.authorization.isAuthorized || station.authorization.isRejected) return null;
  return {
    serialNumber: station.serialNumber,
    name: station.name,
    running: station.deviceState.computedState === "Connected",
    channels: station.audioChannels.map((channel) => ({
      index: channel.index,
      name: channel.name,
      listeners: channel.listenerCount,
    })),
  };
}

/**
 * Every station's counts: the first page says how many there are, the others follow, 8 at a time.
 * With them the stations waiting to be authorized, for the alerts (the history leaves them out).
 */
async function readFleet(manager: ManagerClient, calls: { made: number; inFlight: number; most: number }) {
  const counted = async <T>(call: () => Promise<T>) => {
    calls.made += 1;
    calls.inFlight += 1;
    calls.most = Math.max(calls.most, calls.inFlight);
    try {
      return await call();
    } finally {
      calls.inFlight -= 1;
    }
  };
  const first = await counted(() => listStationListeners(manager, { skip: 0, take: largestPage }));
  const pages = Array.from(
    { length: Math.max(0, Math.ceil(first.visibleStationsCount / largestPage) - 1) },
    (_, index) => (index + 1) * largestPage,
  );
  const rest = await mapWithConcurrency(pages, managerCallsInFlight, (skip) =>
    counted(() => listStationListeners(manager, { skip, take: largestPage })),
  );
  const stations = [first, ...rest].flatMap((page) => page.stations);
  return {
    readings: stations.map(readingOf).filter((reading): reading is StationReading => reading !== null),
    unauthorized: unauthorizedOf(stations),
  };
}

/** One read for the alerts: null when it fails (the evaluator keeps what it knew), never thrown. */
async function readForAlerts<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    observability().warn(`The listening sampler could not read ${what} for the alerts`, { error: String(error) });
    return null;
  }
}

/** What the alert rules need of the Manager besides the station list: only what they need. */
async function managerFacts(
  manager: ManagerClient,
  unauthorized: UnauthorizedStation[],
  needs: { firmware: boolean; systemEvents: boolean },
): Promise<ManagerFacts> {
  const [firmware, systemEvents] = await Promise.all([
    needs.firmware ? readForAlerts("the firmware statuses", () => listFirmwareInfos(manager)) : null,
    needs.systemEvents
      ? readForAlerts("the system events", async () => {
          const page = await getSystemEvents(manager, { skip: 0, take: alertEventsTake });
          return page.systemEvents;
        })
      : null,
  ]);
  return { unauthorized, firmware, systemEvents };
}

function gapReasonOf(error: unknown): ListeningGapReason {
  if (isManagerError(error, "unauthorized") || isManagerError(error, "forbidden")) return "managerRefused";
  return "managerUnreachable";
}

export function startListeningSampler(options: ListeningSamplerOptions = {}): ListeningSampler {
  const leaseMs = options.leaseMs ?? 10_000;
  const tickMs = options.tickMs ?? 1000;
  const handOff = options.handOff ?? (async () => false);
  let stopped = false;
  let lease: string | null = null;
  let lastLeaseCheck = 0;

  // The holder's state: dropped whenever the lease is.
  let state: ObserverState = newObserverState();
  let pending = emptyBatch();
  /** Stations pushed since the running round asked for the list: the push is newer. */
  let pushedSince: Set<string> | null = null;
  let hub: HubConnection | null = null;
  let nextRoundAt = 0;
  let nextRollupAt = 0;
  let nextRetentionAt = 0;
  let carried: Awaited<ReturnType<typeof rollUp>>["carried"] = null;
  /** The first moment whose samples could not be stored (nobody took them). */
  let notStoredSince: number | null = null;
  let writing: Promise<void> = Promise.resolve();
  const alerts = startAlertEngine();

  const sampleEveryMs = () => getRuntime().config.listening.sampleSeconds * 1000;
  const listening = () => getRuntime().records?.listening ?? null;

  /** Stores batches one after the other; what nobody can store becomes a gap. */
  function store(batch: ListeningBatch): Promise<void> {
    writing = writing.then(async () => {
      const records = listening();
      if (!records || isEmptyBatch(batch)) return;
      const full =
        notStoredSince === null
          ? batch
          : mergeBatches(
              {
                ...emptyBatch(),
                samples: [{ serialNumber: "", channelIndex: 0, at: notStoredSince, listeners: null }],
                gaps: state.gap ? [state.gap] : [],
              },
              batch,
            );
      try {
        await records.write(full);
        notStoredSince = null;
      } catch (error) {
        observability().error(error, "Listener samples could not be stored");
        if (await handOff(batch).catch(() => false)) return;
        const times = [...batch.samples.map((sample) => sample.at), ...batch.gaps.map((gap) => gap.startsAt)];
        const earliest = times.length > 0 ? Math.min(...times) : Date.now();
        notStoredSince = Math.min(notStoredSince ?? earliest, earliest);
        // Nothing is known from there on: the next reading starts afresh, with a keyframe.
        state.venueKnown = false;
        state.gap = { startsAt: notStoredSince, endsAt: null, reason: "notStored" };
      }
    });
    return writing;
  }

  function take(batch: ListeningBatch) {
    if (!isEmptyBatch(batch)) pending = mergeBatches(pending, batch);
  }

  async function flush() {
    const batch = pending;
    pending = emptyBatch();
    await store(batch);
  }

  function follow(serialNumber: string) {
    pushedSince?.add(serialNumber);
  }

  async function connectHub() {
    const { managerUrl } = getRuntime();
    const connection = new HubConnectionBuilder()
      .withUrl(`${managerUrl}${hubPaths.stationsHub}?${consoleJobParameter}=${samplerJob}`, {
        transport: HttpTransportType.WebSockets,
        headers: { [consoleJobHeader]: samplerJob },
        accessTokenFactory: async () => (await samplerSession())?.accessToken ?? "",
      })
      .withAutomaticReconnect([0, 2000, 5000, 10_000])
      .configureLogging(LogLevel.None)
      .build();
    connection.on(hubMessages.stationsHub.channelChanged, (item: unknown) => {
      const parsed = ChannelListenersSchema.safeParse(item);
      if (!parsed.success || !lease) return;
      const channel = parsed.data;
      follow(channel.stationSerialNumber);
      take(
        observeChannel(
          state,
          {
            serialNumber: channel.stationSerialNumber,
            index: channel.index,
            name: channel.name,
            listeners: channel.listenerCount,
          },
          Date.now(),
        ),
      );
      alerts.observe(state, Date.now());
    });
    connection.on(hubMessages.stationsHub.stationChanged, (item: unknown, action: unknown) => {
      const parsed = StationListenersSchema.safeParse(item);
      if (!parsed.success || !lease) return;
      const reading = action === "Remove" ? null : readingOf(parsed.data);
      follow(parsed.data.serialNumber);
      take(observeStation(state, reading, parsed.data.serialNumber, Date.now()));
      alerts.observe(state, Date.now());
    });
    // What changed while the socket was down is only known by reading again.
    connection.onreconnected(() => {
      nextRoundAt = 0;
    });
    hub = connection;
    try {
      await connection.start();
    } catch (error) {
      // The Manager's hub away: the readings go on; the next round tries the hub again.
      observability().warn("The listening sampler could not follow the stations hub", { error: String(error) });
    }
  }

  async function round() {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const calls = { made: 0, inFlight: 0, most: 0 };
    pushedSince = new Set();
    let outcome: ListeningRound["outcome"] = "stored";
    let stations = 0;
    /** Null when the list could not be read: the alerts keep the waiting stations they knew. */
    let unauthorized: UnauthorizedStation[] | null = null;
    const acting = await samplerSession();
    let batch: ListeningBatch;
    if (!acting) {
      batch = observeNothing(state, Date.now(), "noSession");
      outcome = "gap";
    } else {
      try {
        const fleet = await readFleet(acting.manager, calls);
        stations = fleet.readings.length;
        unauthorized = fleet.unauthorized;
        batch = observeFleet(state, fleet.readings, Date.now(), pushedSince);
      } catch (error) {
        if (!isManagerError(error)) throw error;
        batch = observeNothing(state, Date.now(), gapReasonOf(error));
        outcome = "gap";
      }
    }
    pushedSince = null;
    batch.state = { ...batch.state, sampledUntil: Date.now(), sampleEveryMs: sampleEveryMs() };
    take(batch);
    alerts.observe(state, Date.now());
    const wasStored = notStoredSince === null;
    await flush();
    if (wasStored && notStoredSince !== null) outcome = "notStored";
    if (acting && hub === null) await connectHub();
    else if (acting && hub?.state === HubConnectionState.Disconnected) await hub.start().catch(() => undefined);
    const used = process.cpuUsage(cpu);
    observability().listeningRound({
      outcome,
      stations,
      managerCalls: calls.made,
      mostCallsInFlight: calls.most,
      durationMs: performance.now() - started,
      cpuMs: (used.user + used.system) / 1000,
    });
    // After the round is stored and measured: the alerts' own reads delay neither.
    const facts =
      acting && unauthorized
        ? await managerFacts(acting.manager, unauthorized, alerts.needs())
        : { unauthorized: null, firmware: null, systemEvents: null };
    alerts.observeManager(facts, Date.now());
  }

  /** On taking the lease: what the history says now, and a gap if nobody sampled for a while. */
  async function becomeHolder() {
    const records = listening()!;
    const now = Date.now();
    const marks: HistoryMarks = await historyMarks(records);
    pending = emptyBatch();
    carried = null;
    notStoredSince = null;
    const resumed = await resumeFromHistory(records, marks, now, sampleEveryMs());
    state = resumed.state;
    if (resumed.batch) take(resumed.batch);
    nextRoundAt = 0;
    nextRollupAt = now + rollupEveryMs;
    nextRetentionAt = now + rollupEveryMs;
  }

  async function dropHolder() {
    alerts.setHolding(false);
    pushedSince = null;
    const connection = hub;
    hub = null;
    await connection?.stop().catch(() => undefined);
    await flush().catch(() => undefined);
    state = newObserverState();
  }

  /** Holds (or renews) the lease; false when another process holds it. */
  async function hold(): Promise<boolean> {
    const { locks } = getRuntime().store;
    if (lease && (await locks.renew(leaseName, lease, leaseMs))) return true;
    const hadLease = lease !== null;
    lease = await locks.acquire(leaseName, leaseMs);
    if (!lease) {
      if (hadLease) await dropHolder();
      return false;
    }
    // Taken (again, after a lapse): start from what is stored, never from memory.
    try {
      await becomeHolder();
    } catch (error) {
      alerts.setHolding(false);
      await locks.release(leaseName, lease);
      lease = null;
      throw error;
    }
    alerts.setHolding(true);
    return true;
  }

  async function tick() {
    const now = Date.now();
    if (!listening()) return;
    // The lease is renewed every other second, well within its length; tried as often by others.
    if (now - lastLeaseCheck >= Math.min(2000, leaseMs / 3)) {
      lastLeaseCheck = now;
      if (!(await hold())) return;
    }
    if (!lease) return;
    if (now >= nextRoundAt) {
      nextRoundAt = now + sampleEveryMs();
      await round();
    } else {
      await flush();
    }
    const cpu = process.cpuUsage();
    let rolledUp = false;
    if (Date.now() >= nextRollupAt) {
      nextRollupAt = Date.now() + rollupEveryMs;
      carried = (await rollUp(listening()!, Date.now(), carried)).carried;
      rolledUp = true;
    }
    if (Date.now() >= nextRetentionAt) {
      nextRetentionAt = Date.now() + retentionEveryMs;
      await removeOldHistory(listening()!, Date.now(), getRuntime().config.listening.retentionDays);
      rolledUp = true;
    }
    if (rolledUp) {
      const used = process.cpuUsage(cpu);
      observability().listeningRollup((used.user + used.system) / 1000);
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  function schedule() {
    if (stopped) return;
    // The next tick after this one ends: a slow Manager delays it instead of piling ticks up.
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) =>
          observability().error(error, "The listening sampler's step failed; the next one tries again"),
        )
        .finally(schedule);
    }, tickMs);
    timer.unref();
  }
  schedule();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await alerts.stop();
      if (lease) {
        await dropHolder();
        await writing;
        await getRuntime().store.locks.release(leaseName, lease);
        lease = null;
      }
    },
  };
}
