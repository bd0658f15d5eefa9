// What the App view does on POST: move a channel (the whole new order is saved with
// UpdateChannelOrder; the target position travels with the form, so a repeat is harmless) and
// mute or unmute a channel's audience mic (the moderation update; the target state travels with
// the form). Each answers with one redirect back to the page as it was.
import { data, redirect } from "@remix-run/node";
import * as z from "zod";
import { doneReply } from "~/route-helpers/form-reply";
import type { ActionContext } from "~/route-helpers/form-declaration";
import { channelsInAppOrder } from "./view.server";
import { channelOrderPayload, isSameOrder, moveChannel } from "~/domain/channel-order";
import { toModerationUpdate } from "~/domain/speaker-queue";
import { errorPage } from "~/error-pages.server";
import { actionFailure } from "~/route-helpers/manager-failures.server";
import { isManagerError } from "~/manager/http.server";
import { getAppViewStations, updateChannelOrder } from "~/manager/app-view.server";
import { findModerationChannelById, updateModerationChannel } from "~/manager/moderation.server";
import { notFoundOutcome, noteWrite } from "~/audit/write-record.server";
import { setFlash } from "~/utils/flash.server";

/** Back to the App view with its URL state (preview open or closed) but no open overlay. */
export function appViewPath(request: Request) {
  const search = new URL(request.url).searchParams;
  for (const param of ["channel", "qr", "index", "_data"]) search.delete(param);
  const query = search.toString();
  return `/appView${query ? `?${query}` : ""}`;
}

/** A plain form post is redirected back; a drop (a fetcher, respond=data) gets a data answer,
 * after which Remix reloads the page's loaders — a fetcher's redirect to its own page does not. */
function answer({ request, formData, intent }: ActionContext) {
  return formData.get("respond") === "data" ? data(doneReply(intent)) : redirect(appViewPath(request));
}

async function reportFailure(request: Request, error: unknown) {
  if (!isManagerError(error)) throw error;
  const { messageKey: message } = await actionFailure(error, request);
  await setFlash(request, {
    kind: "error",
    message: error.failure.kind === "notFound" ? "moderation:appView.channelGone" : message,
  });
}

const MoveSchema = z.object({ channelId: z.string().min(1), position: z.coerce.number().int() });

export async function moveChannelTo(context: ActionContext) {
  const { request, formData } = context;
  const parsed = MoveSchema.safeParse({ channelId: formData.get("channelId"), position: formData.get("position") });
  if (!parsed.success) {
    noteWrite({ outcome: { kind: "refused", reason: "validation", detail: "position" } });
    await setFlash(request, { kind: "error", message: "moderation:appView.order.positionInvalid" });
    return answer(context);
  }
  const { channelId, position } = parsed.data;
  try {
    const ordered = channelsInAppOrder(await getAppViewStations(context.manager));
    const current = ordered.map((channel) => channel.id);
    const next = moveChannel(current, channelId, position);
    if (!next) {
      noteWrite({ outcome: notFoundOutcome("channelNotFound") });
      await setFlash(request, { kind: "error", message: "moderation:appView.channelGone" });
    } else {
      const name = ordered.find((channel) => channel.id === channelId)!.name;
      const values = { name, position: next.indexOf(channelId) + 1 };
      if (!isSameOrder(current, next)) await updateChannelOrder(context.manager, channelOrderPayload(next));
      await setFlash(request, { kind: "success", message: "moderation:appView.order.moved", values });
    }
  } catch (error) {
    await reportFailure(request, error);
  }
  return answer(context);
}

const MuteSchema = z.object({ channelId: z.string().min(1), muted: z.enum(["true", "false"]) });

export async function setAudienceMicMuted(context: ActionContext) {
  const { request, formData } = context;
  const parsed = MuteSchema.safeParse({ channelId: formData.get("channelId"), muted: formData.get("muted") });
  // No form of ours sends this: answered like an unknown intent, not as a server failure.
  if (!parsed.success) throw errorPage("notFound");
  const muted = parsed.data.muted === "true";
  try {
    const channel = await findModerationChannelById(context.manager, parsed.data.channelId);
    if (!channel?.uplinkEnabled) {
      noteWrite({ outcome: notFoundOutcome("channelNotFound") });
      await setFlash(request, { kind: "error", message: "moderation:appView.channelGone" });
    } else {
      if (channel.uplinkUnmuted === muted) {
        await updateModerationChannel(
          context.manager,
          channel.id,
          toModerationUpdate({ ...channel, uplinkUnmuted: !muted }),
        );
      }
      await setFlash(request, {
        kind: "success",
        message: muted ? "moderation:appView.audienceMic.mutedDone" : "moderation:appView.audienceMic.unmutedDone",
        values: { name: channel.name },
      });
    }
  } catch (error) {
    await reportFailure(request, error);
  }
  return redirect(appViewPath(request));
}
