// The customization page's action. Without JavaScript every intent is a round trip of the whole
// form: the draft travels in the form (images as data: URLs in hidden fields), the action applies
// the intent and renders the page again — nothing reaches the Manager until Save. Save checks
// everything and writes; Undo drops the draft; Reset deletes the stored configuration.
import { redirect } from "@remix-run/node";
import {
  applyIntent,
  errorsAfter,
  validationErrors,
  type CustomizationErrors,
} from "./draft-editing";
import type { CustomizationIntent } from "./fields";
import { draftFromForm, withImages } from "./form-data.server";
import { customizationForSave, isCustomizationChanged, type CustomizationDraft } from "~/domain/app-customization";
import type { ReadForm } from "~/images/multipart.server";
import { deleteAppCustomization, getAppCustomization, saveAppCustomization } from "~/manager/app-customization.server";
import { actionFailureMessage } from "~/route-helpers/manager-failures.server";
import type { ManagerClient } from "~/manager/http.server";
import type { AppCustomization, WritableAppCustomization } from "~/contract/app-customization";
import { setFlash } from "~/utils/flash.server";

export const customizationPath = "/appCustomization";
const messages = "admin:views.appCustomization.messages";
const errorKeys = "admin:views.appCustomization.errors";

export interface CustomizationResult {
  draft: CustomizationDraft;
  errors: CustomizationErrors;
  /** A message for the whole form (a failed save). */
  formError: string | null;
}

export function writableOf({ id: _id, ...writable }: AppCustomization): WritableAppCustomization {
  return writable;
}

/** Every intent but undo and reset: the draft from the form, its images, then the intent. */
export async function editCustomization(
  request: Request,
  manager: ManagerClient,
  form: ReadForm,
  intent: CustomizationIntent
): Promise<CustomizationResult | Response> {
  const { draft: posted, errors: imageErrors } = await withImages(draftFromForm(form.formData), form.uploads);
  if (intent.type !== "save") {
    return { draft: applyIntent(posted, intent), errors: errorsAfter(intent, imageErrors), formError: null };
  }
  const errors = { ...validationErrors(posted), ...imageErrors };
  if (Object.keys(errors).length > 0) return { draft: posted, errors, formError: null };
  try {
    const stored = await getAppCustomization(manager);
    if (!isCustomizationChanged(posted, stored ? writableOf(stored) : null)) {
      await setFlash(request, { kind: "info", message: `${messages}.nothingToSave` });
      return redirect(customizationPath);
    }
    await saveAppCustomization(manager, customizationForSave(posted));
  } catch (error) {
    const message = await actionFailureMessage(error, request);
    await setFlash(request, {
      kind: "error",
      message: message === "errors.noConnection.message" ? message : "errors.unexpectedError",
    });
    return { draft: posted, errors, formError: `${errorKeys}.saving` };
  }
  await setFlash(request, { kind: "success", message: `${messages}.saved` });
  return redirect(customizationPath);
}

/** Full reset: the stored configuration is deleted; the dialog closes either way (spec). */
export async function resetCustomization(request: Request, manager: ManagerClient) {
  try {
    const stored = await getAppCustomization(manager);
    if (stored) await deleteAppCustomization(manager, stored.id, writableOf(stored));
    await setFlash(request, { kind: "success", message: `${messages}.resetDone` });
  } catch (error) {
    await actionFailureMessage(error, request);
    await setFlash(request, { kind: "error", message: `${errorKeys}.resetting` });
  }
  return redirect(customizationPath);
}

/** A form that could not be read at all (too large, malformed): the page as stored, with a message. */
export async function refusedForm(request: Request, reason: "tooLarge" | "malformed") {
  await setFlash(request, {
    kind: "error",
    message: `${errorKeys}.${reason === "tooLarge" ? "formTooLarge" : "formUnreadable"}`,
  });
  return redirect(customizationPath);
}
