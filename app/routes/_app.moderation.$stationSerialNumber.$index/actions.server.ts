// What the moderation details page does on POST, one function per intent. Each works as a plain
// form post, answers with one redirect (post/redirect/get) and is harmless when sent twice:
// Next speaker carries the speaker the moderator saw, mute carries the target state, clear is
// idempotent (docs/decisions/031-moderation-double-submission.md).
import { parseForm } from "~/route-helpers/parse-form";
import { redirect } from "@remix-run/node";
import * as z from "zod";
import type { SignedInContext } from "~/auth/guard.server";
import type { ActionContext } from "~/route-helpers/form-declaration";
import type { IntentContext } from "~/route-helpers/intents.server";
import type { channelSettingsSchema } from "./channel-settings-schema";
import { currentSpeaker, isRepeatedNextSpeaker, toModerationUpdate } from "~/domain/speaker-queue";
import { errorPage } from "~/error-pages.server";
import { actionFailure, managerFailureReply } from "~/route-helpers/manager-failures.server";
import { isManagerError } from "~/manager/http.server";
import {
  clearSpeakers,
  findModerationChannel,
  muteSpeaker,
  nextSpeaker,
  oneAtATimePerChannel,
  updateModerationChannel,
} from "~/manager/moderation.server";
import type { ModerationChannel } from "~/contract/moderation";
import { problemTypes } from "~/contract/problems";
import { notAWrite, notFoundOutcome, noteWrite } from "~/audit/write-record.server";
import { setFlash } from "~/utils/flash.server";
import { oneHolderAtATime } from "~/utils/one-holder-at-a-time.server";
import { getRuntime } from "~/runtime.server";

export const saveFailedKey = "moderation:settings.saveFailed";

export interface ChannelAddress {
  stationSerialNumber: string;
  index: number;
}

export function moderationPath({ stationSerialNumber, index }: ChannelAddress) {
  return `/moderation/${encodeURIComponent(stationSerialNumber)}/${index}`;
}

/** The channel a URL names: its station's serial number and its 1-based index. */
export function addressOf(params: IntentContext["params"]): ChannelAddress {
  return { stationSerialNumber: params.stationSerialNumber ?? "", index: channelIndexParam(params.index) };
}

/** The 1-based channel index from the URL, or the channel-not-found page. */
export function channelIndexParam(value: string | undefined): number {
  const index = Number(value);
  if (!Number.isInteger(index) || index < 1) throw errorPage("channelNotFound");
  return index;
}

/**
 * The channel as the Manager has it now; a missing one is its not-found page. Manager failures
 * are left to the caller (a loader's error page, an action's message).
 */
export async function requireModerationChannel(context: SignedInContext, address: ChannelAddress) {
  const located = await findModerationChannel(context.manager, address.stationSerialNumber, address.index);
  if (!located.channel) throw errorPage(located.stationFound ? "channelNotFound" : "stationNotFound");
  return located.channel;
}

async function queueFailure(request: Request, error: unknown, address: ChannelAddress) {
  if (isManagerError(error, "notFound")) {
    // The speaker left (or the channel went away) between the page and the click.
    noteWrite({ outcome: notFoundOutcome("changedMeanwhile") });
    await setFlash(request, { kind: "info", message: "moderation:queue.changedMeanwhile" });
    return redirect(moderationPath(address));
  }
  if (isManagerError(error) && error.failure.kind === "typed" && error.failure.type === problemTypes.conflict) {
    noteWrite({ outcome: { kind: "refused", reason: "wrongState", detail: "changedMeanwhile" } });
    await setFlash(request, { kind: "info", message: "moderation:queue.changedMeanwhile" });
    return redirect(moderationPath(address));
  }
  const { messageKey } = await actionFailure(error, request);
  await setFlash(request, { kind: "error", message: messageKey });
  return redirect(moderationPath(address));
}

const NextSpeakerFormSchema = z.object({ seenSpeaker: z.coerce.number().int().min(0).optional() });

export async function takeNextSpeaker(context: ActionContext) {
  const { request, formData } = context;
  const address = addressOf(context.params);
  const seen = NextSpeakerFormSchema.safeParse({ seenSpeaker: formData.get("seenSpeaker") || undefined });
  // No form of ours sends this: answered like an unknown intent, not as a server failure.
  if (!seen.success) throw errorPage("notFound");
  const seenSpeaker = seen.data.seenSpeaker ?? null;
  const key = `${address.stationSerialNumber}/${address.index}`;
  const { store, config } = getRuntime();
  // In turn inside this process, and under the channel's lock across workers and instances:
  // the read and the Next speaker call, each within the Manager timeout, fit in the lease.
  const lease = { leaseMs: 2 * config.managerTimeoutMs + 5000 };
  try {
    await oneAtATimePerChannel(key, () =>
      oneHolderAtATime(store.locks, `next-speaker:${key}`, lease, async () => {
        const channel = await requireModerationChannel(context, address);
        if (isRepeatedNextSpeaker(seenSpeaker, channel.speakers)) {
          // The same click again (a double submit): the first one's record says what was done.
          notAWrite();
          await setFlash(request, { kind: "info", message: "moderation:queue.alreadyAdvanced" });
          return;
        }
        const updated = await nextSpeaker(context.manager, channel);
        const speaker = currentSpeaker(updated.speakers);
        await setFlash(
          request,
          speaker
            ? { kind: "success", message: "moderation:queue.nowSpeaking", values: { name: speaker.displayName } }
            : { kind: "success", message: "moderation:queue.queueEmpty" },
        );
      }),
    );
  } catch (error) {
    if (!isManagerError(error)) throw error;
    return queueFailure(request, error, address);
  }
  return redirect(moderationPath(address));
}

const MuteFormSchema = z.object({
  speakerIndex: z.coerce.number().int().min(0),
  mute: z.enum(["true", "false"]),
});

export async function setSpeakerMuted(context: ActionContext) {
  const { request, formData } = context;
  const address = addressOf(context.params);
  const parsed = MuteFormSchema.safeParse({ speakerIndex: formData.get("speakerIndex"), mute: formData.get("mute") });
  if (!parsed.success) throw errorPage("notFound");
  const { speakerIndex, mute } = parsed.data;
  try {
    const channel = await requireModerationChannel(context, address);
    const updated = await muteSpeaker(context.manager, channel, speakerIndex, mute === "true");
    const speaker = updated.speakers.find((candidate) => candidate.index === speakerIndex);
    await setFlash(request, {
      kind: "success",
      message: mute === "true" ? "moderation:queue.speakerMuted" : "moderation:queue.speakerUnmuted",
      values: { name: speaker?.displayName ?? "" },
    });
  } catch (error) {
    if (!isManagerError(error)) throw error;
    return queueFailure(request, error, address);
  }
  return redirect(moderationPath(address));
}

export async function clearAllSpeakers(context: ActionContext) {
  const { request } = context;
  const address = addressOf(context.params);
  try {
    const channel = await requireModerationChannel(context, address);
    if (channel.speakers.length > 0) await clearSpeakers(context.manager, channel);
    await setFlash(request, { kind: "success", message: "moderation:queue.cleared" });
  } catch (error) {
    if (!isManagerError(error)) throw error;
    return queueFailure(request, error, address);
  }
  return redirect(moderationPath(address));
}

/** Problems the Manager names on a field that the form shows in the user's language. */
function fieldErrorsOf(error: unknown): Record<string, string[]> | null {
  if (!isManagerError(error) || error.failure.kind !== "validation") return null;
  const fields = Object.keys(error.failure.fieldErrors);
  const errors: Record<string, string[]> = {};
  if (fields.includes("uplinkEnabled")) errors.uplinkEnabled = ["moderation:validation.audienceMicUnavailable"];
  if (fields.includes("name")) errors.name = ["moderation:validation.nameInvalid"];
  if (fields.includes("pinCode")) errors.pinCode = ["moderation:validation.pinInvalid"];
  return errors;
}

export async function saveChannelSettings(context: ActionContext, schema: typeof channelSettingsSchema) {
  const { request, formData } = context;
  const address = addressOf(context.params);
  const submission = parseForm(formData, schema);
  if (submission.status !== "success") return { intent: context.intent, result: submission.reply() };
  let channel: ModerationChannel;
  try {
    channel = await requireModerationChannel(context, address);
    noteWrite({
      before: {
        name: channel.name,
        uplinkEnabled: channel.uplinkEnabled,
        uplinkMuted: !channel.uplinkUnmuted,
        isQueueEnabled: channel.isQueueEnabled,
      },
    });
    const values = submission.value;
    await updateModerationChannel(
      context.manager,
      channel.id,
      toModerationUpdate({ ...values, uplinkUnmuted: !values.uplinkMuted }),
    );
  } catch (error) {
    if (!isManagerError(error)) throw error;
    const fieldErrors = fieldErrorsOf(error);
    if (fieldErrors)
      return { intent: context.intent, result: submission.reply({ formErrors: [saveFailedKey], fieldErrors }) };
    if (
      isManagerError(error) &&
      error.failure.kind === "typed" &&
      error.failure.type === problemTypes.stationNotEditable
    ) {
      return {
        intent: context.intent,
        result: submission.reply({ formErrors: [saveFailedKey, "moderation:settings.stationNotEditable"] }),
      };
    }
    return {
      intent: context.intent,
      result: await managerFailureReply(request, submission, error, { saveFailedKey, notFound: "channel" }),
    };
  }
  await setFlash(request, {
    kind: "success",
    message: "moderation:settings.saved",
    values: { name: submission.value.name },
  });
  return redirect(moderationPath(address));
}
