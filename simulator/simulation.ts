// The simulated Manager as one object: its state (memory + SQLite), the timed station processes,
// the fleet's own life and the injected faults. The HTTP layer and the test controls drive it.
import type { Clock } from "./clock";
import { FaultInjection } from "./faults";
import { ShowRunner } from "./audience/shows";
import { FleetLife } from "./fleet/life";
import { StationOperations } from "./fleet/operations";
import { seedManagerData, seedName } from "./seed/manager-data";
import { ManagerState } from "./state";
import type { Store } from "./store/store";

export interface SimulationOptions {
  store: Store;
  clock: Clock;
  autonomous: boolean;
  /** Wipe and seed, even when the store holds data. */
  reseed?: boolean;
  /** Seed N stations instead of the default fleet. */
  seedStations?: number;
  /** Every firmware update takes this long (simulated ms) instead of a realistic two minutes or so. */
  firmwareDurationMs?: number | null;
}

export class Simulation {
  readonly state: ManagerState;
  readonly faults = new FaultInjection();
  readonly operations: StationOperations;
  readonly life: FleetLife;
  /** Audiences of shows: arriving, peaking, leaving (issue 35). */
  readonly shows: ShowRunner;

  constructor(private readonly options: SimulationOptions) {
    this.state = new ManagerState(options.store, options.clock);
    this.operations = new StationOperations(
      this.state,
      { isAvailable: () => this.faults.isInternetAvailable() },
      options.firmwareDurationMs ?? null,
    );
    this.shows = new ShowRunner(this.state, options.clock);
    this.life = new FleetLife(this.state, this.shows);
    const stored = options.reseed ? null : options.store.load();
    // A different --stations than the stored fleet was seeded with means: seed that fleet now.
    const wantedSeed = options.seedStations === undefined ? null : seedName({ stations: options.seedStations });
    if (stored && (wantedSeed === null || stored.meta.seed === wantedSeed)) {
      this.state.load(stored);
    } else {
      this.seed(options.seedStations);
    }
    this.operations.resume();
    if (options.autonomous) this.life.start();
  }

  get clock(): Clock {
    return this.options.clock;
  }

  /** Replaces everything with a fresh default fleet, or N stations. */
  seed(stations?: number) {
    const wasLive = this.life.isRunning;
    this.life.stop();
    this.operations.cancelAll();
    this.shows.stopAll();
    const data = seedManagerData({ stations, now: this.clock.now() });
    this.options.store.replaceAll(data);
    this.state.load(data);
    if (wasLive) this.life.start();
  }

  /** The test settings back to how the simulator started: no faults, the started firmware duration. */
  resetTestSettings() {
    this.faults.reset();
    this.operations.firmwareDurationMs = this.options.firmwareDurationMs ?? null;
  }

  setAutonomous(autonomous: boolean) {
    if (autonomous) this.life.start();
    else this.life.stop();
  }

  close() {
    this.life.stop();
    this.shows.stopAll();
    this.operations.cancelAll();
    this.options.store.close();
  }
}
