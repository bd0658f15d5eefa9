// /stations/:serialNumber/channels/:channelIndex — channel details: name, hidden, enabled,
// audience mic and its output, audio input, channel ID, PIN, QR code and test tone. An unknown
// station or channel index shows station-not-found / channel-not-found.
import { dispatchIntent } from "~/route-helpers/intents.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guard.server";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { ReadOnlyNotice } from "~/components/stations/ReadOnlyNotice";
import {
  channelDetailsForm,
  pinForm,
  playTestToneCommand,
  regenerateAccessCommand,
  stopTestToneCommand,
} from "./forms";
import { channelTarget, constraintOf, intentTable } from "~/route-helpers/intent-table.server";
import { isTestTonePlaying } from "./test-tones.server";
import { ChannelAccessCard, QrCodeCard, TestToneCard } from "./ChannelAccessCards";
import { ChannelDetailsForm } from "./ChannelDetailsForm";
import { PinForm } from "./PinForm";
import { DirtyFormsGuard } from "~/components/stations/dirty-forms";
import { confirmedField, replyFor, type FormReply } from "~/route-helpers/form-reply";
import { StationBreadcrumbs } from "~/components/stations/StationHeaderBlock";
import { displayName } from "~/components/stations/views";
import { channelFormValues, channelOptionsOf } from "~/domain/channel-form-values";
import { signsPath } from "~/domain/signs";
import { stationAvailability } from "~/domain/station-state";
import { errorPage } from "~/error-pages.server";
import { getFirmwareInfo } from "~/manager/firmware.server";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import { useCaseModes } from "~/contract/values";
import { getStation } from "~/manager/stations.server";
import type { loader as rootLoader } from "~/root";
import type { ScreenHandle } from "~/utils/handle";
import { useStickyActionData } from "~/utils/use-sticky-action-data";
import { pageTitle } from "~/utils/meta";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { HistoryCard } from "~/components/listening/HistoryCard";
import { i18next } from "~/i18n/i18next.server";
import { historyCard } from "~/listening/history-card.server";

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = (args) =>
  pageTitle("stations", args.data?.channel.name)(args as Parameters<ReturnType<typeof pageTitle>>[0]);

export const handle = { titleKey: "stations", hubs: ["stationsHub", "updaterHub"] } satisfies ScreenHandle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, manager } = await requireUser(request, "stations.show");
  const { serialNumber, channelIndex } = channelTarget(params);
  const [[station, firmware], testTonePlaying, locale] = await Promise.all([
    loadOrThrow(
      request,
      () => Promise.all([getStation(manager, serialNumber), getFirmwareInfo(manager, serialNumber)]),
      "station",
    ),
    isTestTonePlaying(request, serialNumber, channelIndex),
    i18next.getLocale(request),
  ]);
  const channel = station.audioChannels.find((candidate) => candidate.index === channelIndex);
  if (!channel) throw errorPage("channelNotFound");
  const options = channelOptionsOf(station);
  return {
    station: { serialNumber: station.serialNumber, displayName: displayName(station) },
    availability: stationAvailability(station, firmware.status),
    channel: { index: channel.index, name: channel.name, channelId: channel.channelId, pinCode: channel.pinCode },
    values: channelFormValues(channel),
    options,
    constraints: {
      details: await constraintOf(channelDetailsForm, options),
      pin: await constraintOf(pinForm, undefined),
    },
    audienceMicAvailable:
      station.functionalities.hasAudienceMic &&
      station.state.audioMode.useCaseMode === useCaseModes.audienceMicAndAssistiveListening,
    testTonePlaying,
    history: await historyCard(user, { serialNumber: station.serialNumber, channelIndex: channel.index }, locale),
  };
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) =>
  dispatchIntent(
    args,
    intentTable(channelDetailsForm, pinForm, regenerateAccessCommand, playTestToneCommand, stopTestToneCommand),
  );

export default function ChannelDetails() {
  const {
    station,
    availability,
    channel,
    values,
    options,
    constraints,
    audienceMicAvailable,
    testTonePlaying,
    history,
  } = useLoaderData<typeof loader>();
  const reply = useStickyActionData<FormReply>();
  const { t } = useTranslation("stations");
  const stationPath = `/stations/${encodeURIComponent(station.serialNumber)}`;
  const disabled = !availability.canEdit;
  return (
    <DirtyFormsGuard>
      <Stack gap="lg">
        <StationBreadcrumbs
          trail={[
            { label: t("list.title"), to: "/stations" },
            { label: station.displayName, to: stationPath },
            { label: channel.name },
          ]}
        />
        <div>
          <Title order={1}>{channel.name}</Title>
          <Text dimmed size="sm">
            {t("channel.subtitle", { index: channel.index, station: station.displayName })}
          </Text>
        </div>
        <ReadOnlyNotice reason={availability.editBlockedBy} serialNumber={station.serialNumber} />
        <ChannelDetailsForm
          key={JSON.stringify(values)}
          values={values}
          options={options}
          constraint={constraints.details}
          audienceMicAvailable={audienceMicAvailable}
          reply={replyFor(reply, channelDetailsForm.intent)}
          disabled={disabled}
        />
        <ChannelAccessCard channelId={channel.channelId} blockedBy={availability.editBlockedBy} />
        <PinForm
          key={channel.pinCode ?? ""}
          pinCode={channel.pinCode}
          constraint={constraints.pin}
          reply={replyFor(reply, pinForm.intent)}
          disabled={disabled}
        />
        <QrCodeCard
          qrCodePath={`${stationPath}/channels/${channel.index}/qrcode`}
          signPath={signsPath({ serialNumber: station.serialNumber, channelIndex: channel.index })}
          channelId={channel.channelId}
          channelName={channel.name}
        />
        <TestToneCard blockedBy={availability.editBlockedBy} playing={testTonePlaying} />
        {history ? <HistoryCard card={history} name={channel.name} /> : null}
      </Stack>
      {[channelDetailsForm, pinForm].map(({ intent, confirmFirst }) => (
        <ConfirmDialog
          key={intent}
          name={intent}
          open={reply?.intent === intent && reply.confirm !== undefined}
          title={t("channel.confirmTitle")}
          confirmLabel={t("channel.confirmSave")}
          intent={intent}
          cancelIntent={confirmFirst?.reviewIntent}
          fields={{ ...reply?.confirm, [confirmedField]: "yes" }}
        >
          {t("channel.confirmMessage")}
        </ConfirmDialog>
      ))}
    </DirtyFormsGuard>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
