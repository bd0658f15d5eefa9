// A Manager failure during a form's action: the user keeps what they typed, reads the form's
// "please try again" message beside it and gets the errors.unexpectedError notification
// (operations.md §8). Field errors the Manager names are shown at their fields.
import type { SubmissionResult } from "@conform-to/react";
import { actionFailure, unexpectedErrorKey, type NotFoundKind } from "~/route-helpers/manager-failures.server";
import { isManagerError } from "~/manager/http.server";
import { setFlash } from "~/utils/flash.server";

interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
}

export async function managerFailureReply(
  request: Request,
  submission: Replyable,
  error: unknown,
  options: { saveFailedKey: string; notFound?: NotFoundKind; fieldNames?: Record<string, string> },
): Promise<SubmissionResult<string[]>> {
  const failure = await actionFailure(error, request, {
    notFound: options.notFound,
    fallbackKey: options.saveFailedKey,
  });
  if (isManagerError(error) && error.failure.kind === "validation") {
    const fieldErrors: Record<string, string[]> = {};
    for (const [managerField, messages] of Object.entries(error.failure.fieldErrors)) {
      fieldErrors[options.fieldNames?.[managerField] ?? managerField] = messages;
    }
    return submission.reply({ formErrors: [options.saveFailedKey], fieldErrors });
  }
  await setFlash(request, {
    kind: "error",
    message: failure.kind === "noConnection" ? failure.messageKey : unexpectedErrorKey,
  });
  return submission.reply({ formErrors: [options.saveFailedKey] });
}
