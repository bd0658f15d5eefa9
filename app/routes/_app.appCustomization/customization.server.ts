// The customization page's action. Without JavaScript every intent is a round trip of the whole
// form: the draft travels in the form (images as data: URLs in hidden fields), the action applies
// the intent and renders the page again — nothing reaches the Manager until Save. Save checks
// everything and writes; Undo drops the draft; Reset deletes the stored configuration.
import { redirect } from "@remix-run/node";
import { applyIntent, errorsAfter, validationErrors, type CustomizationErrors } from "./draft-editing";
import type { CustomizationIntent } from "./fields";
import { choiceErrors, draftFromForm, withImages } from "./form-data.server";
import { customizationForSave, isCustomizationChanged, type CustomizationDraft } from "~/domain/app-customization";
import type { FormRefusedError, ReadForm } from "~/images/multipart.server";
import { deleteAppCustomization, getAppCustomization, saveAppCustomization } from "~/manager/app-customization.server";
import { actionFailure, unexpectedErrorKey } from "~/route-helpers/manager-failures.server";
import type { AppCustomization, WritableAppCustomization } from "~/contract/app-customization";
import type { FormReply } from "~/route-helpers/form-reply";
import type { IntentContext, IntentTable } from "~/route-helpers/intents.server";
import { notAWrite, noteWrite } from "~/audit/write-record.server";
import { setFlash } from "~/utils/flash.server";

export const customizationPath = "/appCustomization";
const messages = "admin:views.appCustomization.messages";
const errorKeys = "admin:views.appCustomization.errors";

/** The one form reply, with the draft the page renders from (without JavaScript every step of
 * editing is a round trip). Field errors are locale keys; "" holds the whole form's (a failed save). */
export interface CustomizationReply extends FormReply {
  draft: CustomizationDraft;
}

function customizationReply(
  intent: string,
  draft: CustomizationDraft,
  errors: CustomizationErrors,
  formError: string | null = null,
): CustomizationReply {
  const error: Record<string, string[]> = Object.fromEntries(
    Object.entries(errors).map(([name, key]) => [name, [key]]),
  );
  if (formError) error[""] = [formError];
  return { intent, result: { status: Object.keys(error).length > 0 ? "error" : undefined, error }, draft };
}

export function writableOf({ id: _id, ...writable }: AppCustomization): WritableAppCustomization {
  return writable;
}

/** Every intent but undo and reset: the draft from the form, its images, then the intent. */
async function editCustomization(
  { request, manager, intent: intentName }: IntentContext,
  form: ReadForm,
  intent: CustomizationIntent,
): Promise<CustomizationReply | Response> {
  const { draft: posted, errors: imageErrors } = await withImages(draftFromForm(form.formData), form.uploads);
  const postedErrors = { ...choiceErrors(form.formData), ...imageErrors };
  if (intent.type !== "save") {
    return customizationReply(intentName, applyIntent(posted, intent), errorsAfter(intent, postedErrors));
  }
  const errors = { ...validationErrors(posted), ...postedErrors };
  if (Object.keys(errors).length > 0) return customizationReply(intentName, posted, errors);
  try {
    const stored = await getAppCustomization(manager);
    if (!isCustomizationChanged(posted, stored ? writableOf(stored) : null)) {
      // Nothing was sent to the Manager: nothing to record.
      notAWrite();
      await setFlash(request, { kind: "info", message: `${messages}.nothingToSave` });
      return redirect(customizationPath);
    }
    await saveAppCustomization(manager, customizationForSave(posted));
  } catch (error) {
    const failure = await actionFailure(error, request);
    await setFlash(request, {
      kind: "error",
      message: failure.kind === "noConnection" ? failure.messageKey : unexpectedErrorKey,
    });
    return customizationReply(intentName, posted, errors, `${errorKeys}.saving`);
  }
  await setFlash(request, { kind: "success", message: `${messages}.saved` });
  return redirect(customizationPath);
}

/** Full reset: the stored configuration is deleted; the dialog closes either way (spec). */
async function resetCustomization({ request, manager }: IntentContext) {
  try {
    const stored = await getAppCustomization(manager);
    if (stored) await deleteAppCustomization(manager, stored.id, writableOf(stored));
    await setFlash(request, { kind: "success", message: `${messages}.resetDone` });
  } catch (error) {
    // Signed out or forbidden still leave the page; any other failure is this message.
    await actionFailure(error, request);
    await setFlash(request, { kind: "error", message: `${errorKeys}.resetting` });
  }
  return redirect(customizationPath);
}

/** A form that could not be read at all (too large, too many parts, malformed): the page as stored, with a message. */
export async function refusedForm(request: Request, reason: FormRefusedError["reason"]) {
  noteWrite({
    outcome: { kind: "refused", reason: reason === "tooLarge" ? "tooLarge" : "badRequest", detail: reason },
  });
  await setFlash(request, {
    kind: "error",
    message: `${errorKeys}.${reason === "tooLarge" ? "formTooLarge" : "formUnreadable"}`,
  });
  return redirect(customizationPath);
}

/**
 * The editor's intents, by their type (a screen's index and a move's offset travel in the value:
 * fields.ts): every step but Undo and Reset edits the posted draft; Save also writes it.
 */
export function customizationRoutes(
  form: ReadForm,
  intent: CustomizationIntent,
): IntentTable<CustomizationIntent["type"], CustomizationReply | Response> {
  const permission = "appCustomization.edit";
  const edit = { permission, handler: (context: IntentContext) => editCustomization(context, form, intent) } as const;
  return {
    save: edit,
    upload: edit,
    addScreen: edit,
    resetLogo: edit,
    resetColours: edit,
    deleteScreen: edit,
    removePicture: edit,
    moveScreen: edit,
    // Undo drops the draft: the page shows the stored configuration again.
    undo: { permission, handler: async () => redirect(customizationPath) },
    reset: { permission, handler: resetCustomization },
  };
}
