// /moderation/:stationSerialNumber/:index: moderating one channel — the speaker queue (next
// speaker, mute/unmute, clear) and the channel's moderation settings. Every action is a form
// post that works without JavaScript; with it, the queue follows the moderation hub live.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { can } from "~/domain/permissions";
import { requireUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import {
  channelIndexParam,
  clearAllSpeakers,
  requireModerationChannel,
  saveChannelSettings,
  setSpeakerMuted,
  takeNextSpeaker,
  type ChannelAddress,
} from "./actions.server";
import { formatTime } from "~/utils/dates";
import { ModerationDetails } from "./ModerationDetails";
import { errorPage } from "~/error-pages.server";
import { i18next } from "~/i18n/i18next.server";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { readFormData } from "~/utils/form-data.server";

export const meta = pageTitle("moderationDetails");
export const handle = { titleKey: "moderationDetails", hubs: ["moderationHub"] } satisfies ScreenHandle;

function addressOf(params: LoaderFunctionArgs["params"]): ChannelAddress {
  return { stationSerialNumber: params.stationSerialNumber ?? "", index: channelIndexParam(params.index) };
}

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
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireUser(request);
  const address = addressOf(params);
  const formData = await readFormData(request);
  switch (formData.get("intent")) {
    case "nextSpeaker":
      return takeNextSpeaker(request, context, address, formData);
    case "muteSpeaker":
      return setSpeakerMuted(request, context, address, formData);
    case "clearSpeakers":
      return clearAllSpeakers(request, context, address);
    case "saveSettings":
      return saveChannelSettings(request, context, address, formData);
    default:
      throw errorPage("notFound");
  }
}

export default function ModerateChannel() {
  const { channel, canEdit } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return <ModerationDetails channel={channel} canEdit={canEdit} lastResult={lastResult} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
