// /moderation/:stationSerialNumber/:index: moderating one channel — the speaker queue (next
// speaker, mute/unmute, clear) and the channel's moderation settings. Every action is a form
// post that works without JavaScript; with it, the queue follows the moderation hub live.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { can } from "~/domain/permissions";
import { requireUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { addressOf, requireModerationChannel } from "./actions.server";
import { channelSettingsForm, clearSpeakersCommand, muteSpeakerCommand, nextSpeakerCommand } from "./forms";
import { constraintOf, intentTable } from "~/route-helpers/intent-table.server";
import { formatTime } from "~/utils/dates";
import { replyFor } from "~/route-helpers/form-reply";
import { dispatchIntent } from "~/route-helpers/intents.server";
import { ModerationDetails } from "./ModerationDetails";
import { i18next } from "~/i18n/i18next.server";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";

export const meta = pageTitle("moderationDetails");
export const handle = { titleKey: "moderationDetails", hubs: ["moderationHub"] } satisfies ScreenHandle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireUser(request, "moderation.show");
  const address = addressOf(params);
  const [channel, locale] = await Promise.all([
    loadOrThrow(request, () => requireModerationChannel(context, address)),
    i18next.getLocale(request),
  ]);
  return {
    channel: {
      name: channel.name,
      channelId: channel.channelId,
      station: channel.stationName || channel.stationSerialNumber,
      stationSerialNumber: channel.stationSerialNumber,
      index: channel.index,
      pinCode: channel.pinCode,
      uplinkEnabled: channel.uplinkEnabled,
      uplinkUnmuted: channel.uplinkUnmuted,
      isQueueEnabled: channel.isQueueEnabled,
      listenerCount: channel.listenerCount,
      speakers: channel.speakers.map((speaker) => ({
        index: speaker.index,
        displayName: speaker.displayName,
        isSpeaking: speaker.isSpeaking,
        isMuted: speaker.isMuted,
        requestedAt: formatTime(speaker.requestedAt, locale),
      })),
    },
    canEdit: can(context.user, "moderation.edit"),
    constraint: await constraintOf(channelSettingsForm, undefined),
  };
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) =>
  dispatchIntent(args, intentTable(nextSpeakerCommand, muteSpeakerCommand, clearSpeakersCommand, channelSettingsForm));

export default function ModerateChannel() {
  const { channel, canEdit, constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <ModerationDetails
      channel={channel}
      canEdit={canEdit}
      constraint={constraint}
      lastResult={replyFor(reply, channelSettingsForm.intent)}
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
