// The app view: every authorized station with its channels, and the channels' order in the
// listening app (sortId, positions from 1 across the whole venue).
import type { AppView, UpdateChannelOrder } from "../../app/contract/app-view";
import type { Channel } from "../../app/contract/channels";
import { problems, type FieldErrors } from "../problems";
import type { ManagerState } from "../state";
import { isInAppView } from "./derive";
import type { StationRecord } from "./records";

export function appView(state: ManagerState): AppView {
  const stations: AppView["stations"] = {};
  for (const record of state.presentStations()) {
    if (!isInAppView(record)) continue;
    const { station } = record;
    stations[station.serialNumber] = {
      serialNumber: station.serialNumber,
      name: station.name,
      type: station.type,
      computedState: station.deviceState.computedState,
      useCaseMode: station.state.audioMode.useCaseMode,
      channels: station.audioChannels,
    };
  }
  return { stations };
}

export function appViewChannels(state: ManagerState): { record: StationRecord; channel: Channel }[] {
  const channels: { record: StationRecord; channel: Channel }[] = [];
  for (const record of state.presentStations()) {
    if (!isInAppView(record)) continue;
    for (const channel of record.station.audioChannels) channels.push({ record, channel });
  }
  return channels;
}

/** The position after the last channel in the app: where newly authorized channels go. */
export function nextSortId(state: ManagerState): number {
  let highest = 0;
  for (const { channel } of appViewChannels(state)) highest = Math.max(highest, channel.sortId);
  return highest + 1;
}

/** Every channel of the app view must get a position, and the positions must be 1..n without gaps. */
export function updateChannelOrder(state: ManagerState, { channelOrder }: UpdateChannelOrder): AppView {
  const channels = appViewChannels(state);
  const known = new Map(channels.map((entry) => [entry.channel.id, entry]));
  const errors: FieldErrors = {};
  for (const id of Object.keys(channelOrder)) {
    if (!known.has(id)) errors[`channelOrder.${id}`] = ["Unknown channel."];
  }
  const missing = channels.filter(({ channel }) => !(channel.id in channelOrder));
  if (missing.length > 0) {
    errors.channelOrder = [
      `Every channel needs a position; missing: ${missing.map(({ channel }) => channel.id).join(", ")}.`,
    ];
  }
  const positions = Object.values(channelOrder).sort((a, b) => a - b);
  if (!positions.every((position, offset) => position === offset + 1)) {
    (errors.channelOrder ??= []).push(`The positions must be 1 to ${positions.length}, each once.`);
  }
  if (Object.keys(errors).length > 0) throw problems.validation(errors);

  const changedByStation = new Map<StationRecord, Channel[]>();
  for (const [id, position] of Object.entries(channelOrder)) {
    const { record, channel } = known.get(id)!;
    if (channel.sortId === position) continue;
    channel.sortId = position;
    changedByStation.set(record, [...(changedByStation.get(record) ?? []), channel]);
  }
  state.store.batch(() => {
    for (const [record, changed] of changedByStation) state.commitStation(record, { channels: changed });
  });
  return appView(state);
}
