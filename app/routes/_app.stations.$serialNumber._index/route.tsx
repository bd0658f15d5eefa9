// /stations/:serialNumber — the General tab: facts and name, channels, streaming mode, audio
// settings, noise gate, output settings, and reboot / factory reset / remove.
import { dispatchIntent } from "~/route-helpers/intents.server";
import { constraintsOf, intentTable } from "~/route-helpers/intent-table.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { can } from "~/domain/permissions";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { ReadOnlyNotice } from "~/components/stations/ReadOnlyNotice";
import { authorizationCommands } from "~/route-helpers/station-authorization.server";
import { AuthorizationCard } from "./AuthorizationCard";
import { replyFor, type FormReply } from "~/route-helpers/form-reply";
import {
  audioForm,
  changeModeCommand,
  factoryResetCommand,
  noiseGateForm,
  outputForm,
  rebootCommand,
  removeCommand,
  renameForm,
} from "./forms";
import { AudioSettingsForm } from "./AudioSettingsForm";
import { ChannelsTable } from "./ChannelsTable";
import { NoiseGateForm, OutputSettingsForm } from "./NoiseGateAndOutputForms";
import { StationActionsCard } from "./StationActionsCard";
import { StationInfoCard } from "./StationInfoCard";
import { StreamingModeCard } from "./StreamingModeCard";
import { DirtyFormsGuard } from "~/components/stations/dirty-forms";
import { useStationAvailability } from "~/components/stations/station-details";
import { displayName, toAuthorizationView, toChannelRow } from "~/components/stations/views";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import { stationTypes, useCaseModes } from "~/contract/values";
import { getStation } from "~/manager/stations.server";
import { useStickyActionData } from "~/utils/use-sticky-action-data";
import { Stack } from "~/components/ui/stack";
import { HistoryCard } from "~/components/listening/HistoryCard";
import { i18next } from "~/i18n/i18next.server";
import { historyCard } from "~/listening/history-card.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, manager } = await requireUser(request, "stations.show");
  const [station, locale] = await Promise.all([
    loadOrThrow(request, () => getStation(manager, params.serialNumber!), "station"),
    i18next.getLocale(request),
  ]);
  const withAudienceMic = station.state.audioMode.useCaseMode === useCaseModes.audienceMicAndAssistiveListening;
  return {
    info: {
      name: station.name,
      model: station.model,
      serialNumber: station.serialNumber,
      type: station.type,
      computedState: station.deviceState.computedState,
      currentFirmwareVersion: station.currentFirmwareVersion,
      latestFirmwareVersion: station.latestFirmwareVersion,
      controlIp: station.state.controlNetworkInterface.ip,
      streamingIp: station.state.streamingNetworkInterface.ip,
    },
    displayName: displayName(station),
    channels: station.audioChannels.map(toChannelRow),
    mode: {
      useCaseMode: station.state.audioMode.useCaseMode,
      hasAudienceMic: station.functionalities.hasAudienceMic,
      isChangingMode: station.deviceState.isChangingMode,
    },
    audio: station.state.audioEncoder,
    noiseGate: {
      thresholdDb: station.configuration.noiseGate.thresholdDb,
      audienceMicInUse: withAudienceMic && station.audioChannels.some((channel) => channel.uplinkEnabled),
    },
    output: station.configuration.output,
    hasOutputs: station.state.outputSources.length > 0,
    isSupported: station.type !== stationTypes.v1,
    authorization: station.authorization.isAuthorized ? null : toAuthorizationView(station),
    canAuthorize: can(user, "stations.authorize"),
    constraints: await constraintsOf(renameForm, audioForm, noiseGateForm, outputForm),
    history: await historyCard(user, { serialNumber: station.serialNumber, channelIndex: 0 }, locale),
  };
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) =>
  dispatchIntent(
    args,
    intentTable(
      ...authorizationCommands("stationPage"),
      renameForm,
      audioForm,
      noiseGateForm,
      outputForm,
      changeModeCommand,
      rebootCommand,
      factoryResetCommand,
      removeCommand,
    ),
  );

export default function StationGeneral() {
  const data = useLoaderData<typeof loader>();
  const reply = useStickyActionData<FormReply>();
  const availability = useStationAvailability();
  const disabled = !availability.canEdit;
  const monoOnly = data.mode.useCaseMode === useCaseModes.audienceMicAndAssistiveListening;
  return (
    <DirtyFormsGuard>
      <Stack gap="lg">
        {data.authorization ? (
          <AuthorizationCard station={data.authorization} canAuthorize={data.canAuthorize} />
        ) : null}
        <ReadOnlyNotice reason={availability.editBlockedBy} serialNumber={data.info.serialNumber} />
        <StationInfoCard
          info={data.info}
          constraint={data.constraints.rename}
          reply={replyFor(reply, renameForm.intent)}
          canEdit={availability.canEdit}
        />
        <ChannelsTable serialNumber={data.info.serialNumber} channels={data.channels} />
        {data.history ? <HistoryCard card={data.history} name={data.displayName} /> : null}
        {data.isSupported ? (
          <>
            <StreamingModeCard mode={data.mode} blockedBy={availability.editBlockedBy} />
            <AudioSettingsForm
              key={JSON.stringify(data.audio)}
              encoder={data.audio}
              constraint={data.constraints.saveAudio}
              monoOnly={monoOnly}
              reply={replyFor(reply, audioForm.intent)}
              disabled={disabled}
            />
            <NoiseGateForm
              key={`noise-gate-${data.noiseGate.thresholdDb}`}
              thresholdDb={data.noiseGate.thresholdDb}
              constraint={data.constraints.saveNoiseGate}
              audienceMicInUse={data.noiseGate.audienceMicInUse}
              reply={replyFor(reply, noiseGateForm.intent)}
              disabled={disabled}
            />
            {data.hasOutputs ? (
              <OutputSettingsForm
                key={JSON.stringify(data.output)}
                output={data.output}
                constraint={data.constraints.saveOutput}
                reply={replyFor(reply, outputForm.intent)}
                disabled={disabled}
              />
            ) : null}
          </>
        ) : null}
        <StationActionsCard name={data.displayName} availability={availability} />
      </Stack>
    </DirtyFormsGuard>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
