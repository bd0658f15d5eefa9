// The simulated Manager's state: held in memory (so a page of 50 out of 5,000 stations is a
// sort and a slice), written through to SQLite on every change, and announced to subscribers
// (the hubs) as the Manager's change messages. Behaviour lives in fleet/, events/, firmware/
// and admin/; this file only keeps the books and works out which announcements a change makes.
import type { AppCustomization } from "../app/contract/app-customization";
import type { Channel } from "../app/contract/channels";
import type { Station } from "../app/contract/stations";
import type { ChangeAction } from "../app/contract/enums";
import type { AvailableFirmware, FirmwareInfo, UpdateMetadata } from "../app/contract/firmware";
import type { ModerationChannel } from "../app/contract/moderation";
import type { Statistics, SystemEvent } from "../app/contract/statistics";
import type { Clock } from "./clock";
import { isInAppView, isModerated, isVisible, refreshStation } from "./fleet/derive";
import type {
  ManagerData,
  ManagerMeta,
  SpeakerQueue,
  StationRecord,
  StoredSystemEvent,
  StoredToken,
} from "./fleet/records";
import { newestVersion } from "../app/domain/firmware";
import type { Store } from "./store/store";

export type ManagerChange =
  | { kind: "station"; action: ChangeAction; station: Station }
  | { kind: "channel"; channel: Channel }
  | { kind: "statistics"; statistics: Statistics }
  | { kind: "moderationChannel"; action: ChangeAction; channel: ModerationChannel }
  | { kind: "systemEvent"; action: "Add" | "Update"; systemEvent: SystemEvent }
  | { kind: "appCustomization"; configuration: AppCustomization | null }
  | { kind: "firmware"; action: "Add" | "Update"; firmwareInfo: FirmwareInfo }
  | { kind: "updateMetadata"; metadata: UpdateMetadata };

export interface StationCommit {
  /** Channels whose own fields changed (pushed as ChannelChanged and moderation Update). */
  channels?: readonly Channel[];
  /** Every moderation row of the station changed (they show the station's name). */
  moderationRows?: boolean;
  /** The firmware state changed (pushed as FirmwareChanged Update). */
  firmware?: boolean;
}

export class ManagerState {
  /** Every station the Manager has a row for, present or not, by serial number. */
  readonly records = new Map<string, StationRecord>();
  readonly queues = new Map<string, SpeakerQueue>();
  /** Oldest first; listings walk it backwards. */
  systemEvents: StoredSystemEvent[] = [];
  readonly systemEventsById = new Map<string, StoredSystemEvent>();
  availableFirmware: AvailableFirmware[] = [];
  appCustomization: AppCustomization | null = null;
  readonly tokens = new Map<string, StoredToken>();
  meta!: ManagerMeta;
  /** Goes up with every change to a station: derived views (the sorted station list) cache on it. */
  stationRevision = 0;

  private readonly subscribers = new Set<(change: ManagerChange) => void>();
  private readonly visibleSerialNumbers = new Set<string>();
  /** Per station, its channels on the moderation list: the last known objects, to announce a Remove with. */
  private readonly moderatedChannels = new Map<string, Map<string, Channel>>();
  private latestVersions = new Map<number, string | null>();
  private statistics: Statistics = { connectedStationCount: 0, audioChannelCount: 0 };

  constructor(
    readonly store: Store,
    readonly clock: Clock,
  ) {}

  /** Replaces the whole state (start-up load, seed); announces nothing: clients reload. */
  load(data: ManagerData) {
    this.stationRevision++;
    this.records.clear();
    this.queues.clear();
    this.systemEventsById.clear();
    this.tokens.clear();
    this.visibleSerialNumbers.clear();
    this.moderatedChannels.clear();
    for (const queue of data.queues) this.queues.set(queue.channelId, queue);
    this.systemEvents = [...data.systemEvents].sort((a, b) => a.sequence - b.sequence);
    for (const stored of this.systemEvents) this.systemEventsById.set(stored.event.id, stored);
    this.availableFirmware = data.availableFirmware;
    this.recomputeLatestVersions();
    this.appCustomization = data.appCustomization;
    for (const stored of data.tokens) this.tokens.set(stored.token.id, stored);
    this.meta = data.meta;
    for (const record of data.stations) {
      this.records.set(record.station.serialNumber, record);
      this.refresh(record);
      if (isVisible(record)) this.visibleSerialNumbers.add(record.station.serialNumber);
      const moderated = this.channelsToModerate(record);
      if (moderated.length > 0) {
        this.moderatedChannels.set(
          record.station.serialNumber,
          new Map(moderated.map((channel) => [channel.id, channel])),
        );
      }
    }
    this.statistics = this.computeStatistics();
  }

  subscribe(subscriber: (change: ManagerChange) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  emit(change: ManagerChange) {
    for (const subscriber of this.subscribers) subscriber(change);
  }

  /** A station that is present (not deleted, not awaiting a reconnect), rejected or not. */
  findStation(serialNumber: string): StationRecord | undefined {
    const record = this.records.get(serialNumber);
    return record?.presence === "present" ? record : undefined;
  }

  *presentStations(): Iterable<StationRecord> {
    for (const record of this.records.values()) if (record.presence === "present") yield record;
  }

  latestVersionFor(stationType: number): string | null {
    return this.latestVersions.get(stationType) ?? null;
  }

  queueOf(channelId: string): SpeakerQueue | undefined {
    return this.queues.get(channelId);
  }

  refresh(record: StationRecord) {
    refreshStation(
      record,
      (stationType) => this.latestVersionFor(stationType),
      (channelId) => this.queueOf(channelId),
    );
  }

  /**
   * Stores a changed station and announces it: StationChanged with Add / Update / Remove as its
   * visibility changed, the channels that changed, moderation membership, firmware and counts.
   */
  commitStation(record: StationRecord, commit: StationCommit = {}) {
    this.stationRevision++;
    this.refresh(record);
    this.store.saveStation(record);
    const { serialNumber } = record.station;

    const wasVisible = this.visibleSerialNumbers.has(serialNumber);
    const visible = isVisible(record);
    if (visible) this.visibleSerialNumbers.add(serialNumber);
    else this.visibleSerialNumbers.delete(serialNumber);
    if (visible || wasVisible) {
      this.emit({
        kind: "station",
        action: !wasVisible ? "Add" : visible ? "Update" : "Remove",
        station: record.station,
      });
    }

    if (isInAppView(record)) for (const channel of commit.channels ?? []) this.emit({ kind: "channel", channel });

    this.announceModeration(record, commit.moderationRows ? record.station.audioChannels : (commit.channels ?? []));
    if (commit.firmware) this.emit({ kind: "firmware", action: "Update", firmwareInfo: this.firmwareInfo(record) });
    this.announceStatistics();
  }

  saveQueue(queue: SpeakerQueue) {
    this.queues.set(queue.channelId, queue);
    this.store.saveQueue(queue);
  }

  dropQueues(record: StationRecord) {
    for (const channel of record.station.audioChannels) this.queues.delete(channel.id);
    this.store.deleteQueues(record.station.serialNumber);
  }

  moderationChannel(record: StationRecord, channel: Channel): ModerationChannel {
    return { ...channel, stationName: record.station.name, speakers: this.queueOf(channel.id)?.speakers ?? [] };
  }

  channelsToModerate(record: StationRecord): Channel[] {
    return isModerated(record) ? record.station.audioChannels : [];
  }

  firmwareInfo(record: StationRecord): FirmwareInfo {
    return {
      serialNumber: record.station.serialNumber,
      stationType: record.station.type,
      currentVersion: record.firmware.currentVersion,
      status: record.firmware.status,
      targetVersion: record.firmware.targetVersion,
      progress: record.firmware.progress,
    };
  }

  updateMetadata(): UpdateMetadata {
    const updateMetadata: UpdateMetadata["updateMetadata"] = {};
    for (const firmware of this.availableFirmware) {
      (updateMetadata[String(firmware.stationType)] ??= []).push(firmware);
    }
    return { updateMetadata, lastFirmwareUpdateCheckTime: this.meta.lastFirmwareUpdateCheckTime };
  }

  saveMeta<K extends keyof ManagerMeta>(key: K, value: ManagerMeta[K]) {
    this.meta[key] = value;
    this.store.saveMeta(key, value);
  }

  currentStatistics(): Statistics {
    return this.statistics;
  }

  private announceModeration(record: StationRecord, changedChannels: readonly Channel[]) {
    const { serialNumber } = record.station;
    const known = this.moderatedChannels.get(serialNumber) ?? new Map<string, Channel>();
    const current = new Map(this.channelsToModerate(record).map((channel) => [channel.id, channel]));
    for (const [channelId, channel] of known) {
      if (!current.has(channelId)) {
        this.emit({ kind: "moderationChannel", action: "Remove", channel: this.moderationChannel(record, channel) });
      }
    }
    const changedIds = new Set(changedChannels.map((channel) => channel.id));
    for (const [channelId, channel] of current) {
      const isNew = !known.has(channelId);
      if (isNew || changedIds.has(channelId)) {
        this.emit({
          kind: "moderationChannel",
          action: isNew ? "Add" : "Update",
          channel: this.moderationChannel(record, channel),
        });
      }
    }
    if (current.size > 0) this.moderatedChannels.set(serialNumber, current);
    else this.moderatedChannels.delete(serialNumber);
  }

  private announceStatistics() {
    const next = this.computeStatistics();
    if (
      next.connectedStationCount === this.statistics.connectedStationCount &&
      next.audioChannelCount === this.statistics.audioChannelCount
    ) {
      return;
    }
    this.statistics = next;
    this.emit({ kind: "statistics", statistics: next });
  }

  private computeStatistics(): Statistics {
    let connectedStationCount = 0;
    let audioChannelCount = 0;
    for (const record of this.records.values()) {
      if (record.presence !== "present" || record.station.deviceState.computedState !== "Connected") continue;
      connectedStationCount++;
      for (const channel of record.station.audioChannels) if (channel.isEnabled) audioChannelCount++;
    }
    return { connectedStationCount, audioChannelCount };
  }

  private recomputeLatestVersions() {
    const byType = new Map<number, string[]>();
    for (const firmware of this.availableFirmware) {
      byType.set(firmware.stationType, [...(byType.get(firmware.stationType) ?? []), firmware.version]);
    }
    this.latestVersions = new Map([...byType].map(([stationType, versions]) => [stationType, newestVersion(versions)]));
  }
}
