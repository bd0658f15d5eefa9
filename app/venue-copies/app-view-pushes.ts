// The stations hub's pushes applied to the app view held by the console (decision 072): a pushed
// station is put in or taken out by the app view's rule (app/domain/app-view.ts) — the Manager's
// station carries everything an app view entry holds — and a pushed channel replaces its entry.
// A push whose shape is not the contract's cannot be applied: the copy then reads everything again.
import type { AppViewStation } from "~/contract/app-view";
import { ChannelSchema } from "~/contract/channels";
import { ChangeActionSchema } from "~/contract/enums";
import { hubMessages } from "~/contract/hubs";
import { AuthorizationSchema, DeviceStateSchema, StationStateSchema } from "~/contract/station-parts";
import { StationSchema } from "~/contract/stations";
import { isInAppView } from "~/domain/app-view";
import type { AppViewIndex } from "./app-view-index";
import type { CopyContents } from "./live-copy";

/** What a pushed station must carry for the app view: the Manager's whole station holds more. */
const PushedStationSchema = StationSchema.pick({
  serialNumber: true,
  name: true,
  type: true,
  audioChannels: true,
}).extend({
  deviceState: DeviceStateSchema.pick({ computedState: true }),
  state: StationStateSchema.pick({ audioMode: true }),
  authorization: AuthorizationSchema.pick({ isAuthorized: true, isRejected: true }),
});

export const appViewTargets = [hubMessages.stationsHub.stationChanged, hubMessages.stationsHub.channelChanged];

export function appViewContents(index: AppViewIndex): CopyContents<AppViewStation[]> {
  return {
    replace: (stations) => index.replace(stations),
    apply(target, [item, action]) {
      if (target === hubMessages.stationsHub.stationChanged) {
        const station = PushedStationSchema.safeParse(item);
        const change = ChangeActionSchema.safeParse(action);
        if (!station.success || !change.success) return false;
        const { serialNumber, name, type, deviceState, state, authorization, audioChannels } = station.data;
        if (change.data === "Remove" || !isInAppView(authorization)) index.remove(serialNumber);
        else
          index.upsert({
            serialNumber,
            name,
            type,
            computedState: deviceState.computedState,
            useCaseMode: state.audioMode.useCaseMode,
            channels: audioChannels,
          });
        return true;
      }
      if (target === hubMessages.stationsHub.channelChanged) {
        const channel = ChannelSchema.safeParse(item);
        if (!channel.success) return false;
        // A channel of a station outside the app view changes nothing here.
        index.updateChannel(channel.data);
        return true;
      }
      return true;
    },
  };
}
