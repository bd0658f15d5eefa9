// The system event log: raised by the fleet's life and by test controls, listed newest first
// without dismissed events, dismissed one by one or all at once, exported as CSV.
import { randomUUID } from "node:crypto";
import type { SystemEventType } from "../../app/contract/enums";
import type { SystemEvent, SystemEventList } from "../../app/contract/statistics";
import { problems } from "../problems";
import type { ManagerState } from "../state";
import type { StoredSystemEvent } from "../fleet/records";
import { systemEventCodes, type SystemEventCodeName } from "./codes";

/** The log keeps this many events; the oldest go first once it is full. */
export const systemEventRetention = 10_000;

export interface RaiseSystemEvent {
  type: SystemEventType;
  code: string;
  parameters?: Record<string, string>;
  stationSerialNumber?: string | null;
  isDismissable: boolean;
  date?: Date;
}

export function raiseSystemEvent(state: ManagerState, input: RaiseSystemEvent): SystemEvent {
  const serialNumber = input.stationSerialNumber ?? null;
  const station = serialNumber ? state.records.get(serialNumber)?.station : undefined;
  const event: SystemEvent = {
    id: randomUUID(),
    date: (input.date ?? state.clock.now()).toISOString(),
    type: input.type,
    code: input.code,
    parameters: {
      ...(serialNumber ? { serialNumber, stationName: station?.name ?? serialNumber } : {}),
      ...input.parameters,
    },
    stationSerialNumber: serialNumber,
    isDismissable: input.isDismissable,
    isDismissed: false,
  };
  const sequence = state.meta.eventSequence + 1;
  const stored: StoredSystemEvent = { event, sequence };
  state.store.batch(() => {
    state.saveMeta("eventSequence", sequence);
    state.systemEvents.push(stored);
    state.systemEventsById.set(event.id, stored);
    state.store.saveSystemEvent(stored);
    pruneSystemEvents(state);
  });
  state.emit({ kind: "systemEvent", action: "Add", systemEvent: event });
  return event;
}

/** Raises an event of a known code with its usual type and dismissability. */
export function raiseKnownEvent(
  state: ManagerState,
  code: SystemEventCodeName,
  stationSerialNumber: string | null,
  parameters: Record<string, string> = {},
): SystemEvent {
  const { type, isDismissable } = systemEventCodes[code];
  return raiseSystemEvent(state, { type, code, stationSerialNumber, parameters, isDismissable });
}

function pruneSystemEvents(state: ManagerState) {
  const excess = state.systemEvents.length - systemEventRetention;
  if (excess <= 0) return;
  const removed = state.systemEvents.splice(0, excess);
  for (const stored of removed) state.systemEventsById.delete(stored.event.id);
  state.store.deleteSystemEvents(removed.map((stored) => stored.event.id));
}

export interface SystemEventQuery {
  skip?: number;
  take?: number;
  stationSerialNumber?: string;
}

export const defaultSystemEventPageSize = 50;

export function listSystemEvents(state: ManagerState, query: SystemEventQuery): SystemEventList {
  const skip = query.skip ?? 0;
  const take = query.take ?? defaultSystemEventPageSize;
  const systemEvents: SystemEvent[] = [];
  let totalSystemEventCount = 0;
  let dismissableEventCount = 0;
  for (let position = state.systemEvents.length - 1; position >= 0; position--) {
    const { event } = state.systemEvents[position]!;
    if (event.isDismissed) continue;
    if (query.stationSerialNumber !== undefined && event.stationSerialNumber !== query.stationSerialNumber) continue;
    if (totalSystemEventCount >= skip && systemEvents.length < take) systemEvents.push(event);
    totalSystemEventCount++;
    if (event.isDismissable) dismissableEventCount++;
  }
  return { systemEvents, totalSystemEventCount, dismissableEventCount };
}

export function dismissSystemEvent(state: ManagerState, id: string): SystemEvent {
  const stored = state.systemEventsById.get(id);
  if (!stored) throw problems.notFound("system event", id);
  const { event } = stored;
  if (!event.isDismissable) throw problems.conflict("This system event cannot be dismissed.", { id });
  // Dismissing twice is harmless: the second call changes and announces nothing.
  if (event.isDismissed) return event;
  event.isDismissed = true;
  state.store.saveSystemEvent(stored);
  state.emit({ kind: "systemEvent", action: "Update", systemEvent: event });
  return event;
}

/** Dismisses every dismissable event; answers how many were dismissed. */
export function dismissAllSystemEvents(state: ManagerState): number {
  const dismissed = state.systemEvents.filter(({ event }) => event.isDismissable && !event.isDismissed);
  state.store.batch(() => {
    for (const stored of dismissed) {
      stored.event.isDismissed = true;
      state.store.saveSystemEvent(stored);
    }
  });
  for (const { event } of dismissed) state.emit({ kind: "systemEvent", action: "Update", systemEvent: event });
  return dismissed.length;
}

const csvColumns = [
  "id",
  "date",
  "type",
  "code",
  "stationSerialNumber",
  "parameters",
  "isDismissable",
  "isDismissed",
] as const;

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Every event in the log, dismissed ones included, newest first. */
export function systemEventsCsv(state: ManagerState): string {
  const lines = [csvColumns.join(",")];
  for (let position = state.systemEvents.length - 1; position >= 0; position--) {
    const { event } = state.systemEvents[position]!;
    const fields = [
      event.id,
      event.date,
      String(event.type),
      event.code,
      event.stationSerialNumber ?? "",
      JSON.stringify(event.parameters),
      String(event.isDismissable),
      String(event.isDismissed),
    ];
    lines.push(fields.map(csvField).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
