// Write-through persistence of the Manager state: every change in memory is one upsert here,
// and the whole state is read back once at start. Statements are prepared once.
import type { DatabaseSync, StatementSync } from "node:sqlite";
import type { AppCustomization } from "../../app/contract/app-customization";
import type { AvailableFirmware } from "../../app/contract/firmware";
import type {
  ManagerData,
  ManagerMeta,
  SpeakerQueue,
  StationRecord,
  StoredSystemEvent,
  StoredToken,
} from "../fleet/records";
import { openDatabase } from "./database";
import { upgradeStoredStation } from "./upgrade";

export interface Store {
  load(): ManagerData | null;
  /** Replaces everything with the given data (seed, reseed). */
  replaceAll(data: ManagerData): void;
  saveStation(record: StationRecord): void;
  deleteStation(serialNumber: string): void;
  saveQueue(queue: SpeakerQueue): void;
  deleteQueues(serialNumber: string): void;
  saveSystemEvent(stored: StoredSystemEvent): void;
  deleteSystemEvents(ids: readonly string[]): void;
  saveAvailableFirmware(list: readonly AvailableFirmware[]): void;
  saveAppCustomization(configuration: AppCustomization | null): void;
  saveToken(stored: StoredToken): void;
  deleteToken(id: string): void;
  saveMeta<K extends keyof ManagerMeta>(key: K, value: ManagerMeta[K]): void;
  /** Runs several writes as one transaction (a bulk dismiss, a channel reorder). */
  batch(work: () => void): void;
  close(): void;
}

const metaKeys: (keyof ManagerMeta)[] = [
  "systemSettings",
  "lastFirmwareUpdateCheckTime",
  "downloadedFirmwareIds",
  "eventSequence",
  "seed",
];

export function openStore(dataDirectory: string): Store {
  const database = openDatabase(dataDirectory);
  const statements = prepare(database);
  let depth = 0;

  function batch(work: () => void) {
    // Nested batches join the outer transaction.
    if (depth > 0) return work();
    depth++;
    database.exec("BEGIN");
    try {
      work();
      database.exec("COMMIT");
    } catch (error) {
      database.exec("ROLLBACK");
      throw error;
    } finally {
      depth--;
    }
  }

  const store: Store = {
    load() {
      const metaRows = statements.allMeta.all() as { key: string; value: string }[];
      if (metaRows.length === 0) return null;
      const meta = Object.fromEntries(metaRows.map((row) => [row.key, JSON.parse(row.value)])) as ManagerMeta;
      if (metaKeys.some((key) => !(key in meta))) return null;
      const rows = <T>(statement: StatementSync) =>
        (statement.all() as { data: string }[]).map((row) => JSON.parse(row.data) as T);
      const customization = rows<AppCustomization>(statements.allCustomization);
      return {
        stations: rows<StationRecord>(statements.allStations).map(upgradeStoredStation),
        queues: rows<SpeakerQueue>(statements.allQueues),
        systemEvents: rows<StoredSystemEvent>(statements.allEvents),
        availableFirmware: rows<AvailableFirmware>(statements.allFirmware),
        appCustomization: customization[0] ?? null,
        tokens: rows<StoredToken>(statements.allTokens),
        meta,
      };
    },
    replaceAll(data) {
      batch(() => {
        database.exec(
          "DELETE FROM meta; DELETE FROM stations; DELETE FROM speaker_queues; DELETE FROM system_events; " +
            "DELETE FROM available_firmware; DELETE FROM app_customization; DELETE FROM tokens;",
        );
        for (const record of data.stations) store.saveStation(record);
        for (const queue of data.queues) store.saveQueue(queue);
        for (const stored of data.systemEvents) store.saveSystemEvent(stored);
        store.saveAvailableFirmware(data.availableFirmware);
        store.saveAppCustomization(data.appCustomization);
        for (const stored of data.tokens) store.saveToken(stored);
        for (const key of metaKeys) store.saveMeta(key, data.meta[key]);
      });
    },
    saveStation(record) {
      statements.upsertStation.run(record.station.serialNumber, JSON.stringify(record));
    },
    deleteStation(serialNumber) {
      batch(() => {
        statements.deleteStation.run(serialNumber);
        statements.deleteQueuesOfStation.run(serialNumber);
      });
    },
    saveQueue(queue) {
      statements.upsertQueue.run(queue.channelId, queue.serialNumber, JSON.stringify(queue));
    },
    deleteQueues(serialNumber) {
      statements.deleteQueuesOfStation.run(serialNumber);
    },
    saveSystemEvent(stored) {
      statements.upsertEvent.run(stored.event.id, stored.sequence, JSON.stringify(stored));
    },
    deleteSystemEvents(ids) {
      batch(() => {
        for (const id of ids) statements.deleteEvent.run(id);
      });
    },
    saveAvailableFirmware(list) {
      batch(() => {
        statements.deleteAllFirmware.run();
        for (const firmware of list) statements.insertFirmware.run(firmware.id, JSON.stringify(firmware));
      });
    },
    saveAppCustomization(configuration) {
      batch(() => {
        statements.deleteCustomization.run();
        if (configuration) statements.insertCustomization.run(configuration.id, JSON.stringify(configuration));
      });
    },
    saveToken(stored) {
      statements.upsertToken.run(stored.token.id, stored.accessTokenHash, JSON.stringify(stored));
    },
    deleteToken(id) {
      statements.deleteToken.run(id);
    },
    saveMeta(key, value) {
      statements.upsertMeta.run(key, JSON.stringify(value));
    },
    batch,
    close() {
      database.close();
    },
  };
  return store;
}

function prepare(database: DatabaseSync) {
  return {
    allMeta: database.prepare("SELECT key, value FROM meta"),
    upsertMeta: database.prepare(
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ),
    allStations: database.prepare("SELECT data FROM stations ORDER BY serial_number"),
    upsertStation: database.prepare(
      "INSERT INTO stations (serial_number, data) VALUES (?, ?) ON CONFLICT (serial_number) DO UPDATE SET data = excluded.data",
    ),
    deleteStation: database.prepare("DELETE FROM stations WHERE serial_number = ?"),
    allQueues: database.prepare("SELECT data FROM speaker_queues"),
    upsertQueue: database.prepare(
      "INSERT INTO speaker_queues (channel_id, serial_number, data) VALUES (?, ?, ?) " +
        "ON CONFLICT (channel_id) DO UPDATE SET serial_number = excluded.serial_number, data = excluded.data",
    ),
    deleteQueuesOfStation: database.prepare("DELETE FROM speaker_queues WHERE serial_number = ?"),
    allEvents: database.prepare("SELECT data FROM system_events ORDER BY sequence"),
    upsertEvent: database.prepare(
      "INSERT INTO system_events (id, sequence, data) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data",
    ),
    deleteEvent: database.prepare("DELETE FROM system_events WHERE id = ?"),
    allFirmware: database.prepare("SELECT data FROM available_firmware"),
    deleteAllFirmware: database.prepare("DELETE FROM available_firmware"),
    insertFirmware: database.prepare("INSERT INTO available_firmware (id, data) VALUES (?, ?)"),
    allCustomization: database.prepare("SELECT data FROM app_customization"),
    deleteCustomization: database.prepare("DELETE FROM app_customization"),
    insertCustomization: database.prepare("INSERT INTO app_customization (id, data) VALUES (?, ?)"),
    allTokens: database.prepare("SELECT data FROM tokens"),
    upsertToken: database.prepare(
      "INSERT INTO tokens (id, access_token_hash, data) VALUES (?, ?, ?) " +
        "ON CONFLICT (id) DO UPDATE SET access_token_hash = excluded.access_token_hash, data = excluded.data",
    ),
    deleteToken: database.prepare("DELETE FROM tokens WHERE id = ?"),
  };
}
