// How the API tokens screen's intents are handled (forms.ts declares them): create (the access
// token is shown once afterwards), revoke a valid token, delete an expired one. Each asks the Manager for the token first, so a stale page
// can neither revoke an expired token nor delete a valid one; a token already gone is no error.
import { parseForm } from "~/route-helpers/parse-form";
import { redirect } from "@remix-run/node";
import { rememberCreatedToken } from "./created-token.server";
import { tokenToCreate, type addTokenSchema } from "./token-form-schema";
import { tokenRemoval } from "~/domain/tokens";
import { actionFailure, commandFailureKey, managerFailureReply } from "~/route-helpers/manager-failures.server";

import { isManagerError } from "~/manager/http.server";
import type { FormReply } from "~/route-helpers/form-reply";
import type { ActionContext } from "~/route-helpers/form-declaration";
import { createToken, deleteToken, listTokens, revokeToken } from "~/manager/tokens.server";
import { notFoundOutcome, noteWrite } from "~/audit/write-record.server";
import { setFlash } from "~/utils/flash.server";
import { oncePerSubmission } from "~/utils/once-per-submission.server";
import { getRuntime } from "~/runtime.server";

const tokensPath = "/apiTokens";

export async function createTokenIntent(
  { request, manager, formData, intent }: ActionContext,
  schema: typeof addTokenSchema,
): Promise<FormReply | Response> {
  const submission = parseForm(formData, schema);
  if (submission.status !== "success") return { intent, result: submission.reply() };
  // A second submission of the same form (a double click without JavaScript) creates nothing:
  // it waits for the first and lands on the same page, which shows the one new access token.
  const failure = await oncePerSubmission(
    getRuntime().store.submissions,
    { form: "token.create", id: formData.get("submissionId") },
    async () => {
      try {
        await rememberCreatedToken(request, await createToken(manager, tokenToCreate(submission.value)));
        return null;
      } catch (error) {
        return managerFailureReply(request, submission, error, {
          saveFailedKey: "admin:apiTokens.errors.createFailed",
        });
      }
    },
    (outcome) => outcome === null,
  );
  if (failure) return { intent, result: failure };
  return redirect(tokensPath);
}

export async function removeTokenIntent(
  { request, manager, formData }: ActionContext,
  removal: "revoke" | "delete",
): Promise<Response> {
  const id = String(formData.get("tokenId") ?? "");
  try {
    const token = (await listTokens(manager)).find((candidate) => candidate.id === id);
    if (!token) {
      noteWrite({ outcome: notFoundOutcome("token") });
      await setFlash(request, { kind: "info", message: "admin:apiTokens.messages.alreadyGone" });
    } else if (tokenRemoval(token.expirationDate) !== removal) {
      noteWrite({ outcome: { kind: "refused", reason: "wrongState", detail: removal } });
      await setFlash(request, {
        kind: "error",
        message:
          removal === "revoke"
            ? "admin:apiTokens.errors.expiredCannotBeRevoked"
            : "admin:apiTokens.errors.validCannotBeDeleted",
      });
    } else {
      noteWrite({ target: { kind: "token", id, label: token.name } });
      await (removal === "revoke" ? revokeToken(manager, id) : deleteToken(manager, id));
      await setFlash(request, {
        kind: "success",
        message: removal === "revoke" ? "admin:apiTokens.messages.revoked" : "admin:apiTokens.messages.deleted",
        values: { name: token.name },
      });
    }
  } catch (error) {
    if (isManagerError(error, "notFound")) {
      noteWrite({ outcome: notFoundOutcome("token") });
      await setFlash(request, { kind: "info", message: "admin:apiTokens.messages.alreadyGone" });
      return redirect(tokensPath);
    }
    await setFlash(request, {
      kind: "error",
      message: commandFailureKey(await actionFailure(error, request), "admin:apiTokens.errors.removeFailed"),
    });
  }
  return redirect(tokensPath);
}
