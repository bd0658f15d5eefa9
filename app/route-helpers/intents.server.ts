// Every screen's action dispatches the same way: sign-in first, the body read once, the intent
// looked up in the screen's table, its permission checked on the server, then its handler. A user
// who may do none of the screen's intents is refused before the body is read, so an unreadable
// body cannot turn a 403 into a 400. An
// intent without a permission, or a table without one of the screen's intents, does not
// type-check; an intent the table does not know is answered like an unknown page.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAnyPermission, requirePermission, requireUser, type SignedInContext } from "~/auth/guard.server";
import type { PermissionAction } from "~/domain/permissions";
import { errorPage } from "~/error-pages.server";
import { auditTargetOf } from "~/audit/targets.server";
import { noteWrite, recordingWrite } from "~/audit/write-record.server";
import { readFormData } from "~/utils/form-data.server";

export interface IntentContext extends SignedInContext {
  /** The intent being handled (its key in the table). */
  intent: string;
  request: Request;
  params: ActionFunctionArgs["params"];
  formData: FormData;
}

export interface IntentRoute<Answer> {
  /** What the user must be allowed to do: checked before the handler runs. */
  permission: PermissionAction;
  handler(context: IntentContext): Promise<Answer>;
}

export type IntentTable<Intent extends string, Answer> = { readonly [Name in Intent]: IntentRoute<Answer> };

export async function dispatchIntent<Intent extends string, Answer>(
  { request, params }: Pick<ActionFunctionArgs, "request" | "params">,
  table: IntentTable<Intent, Answer>,
): Promise<Answer> {
  const signedIn = await requireUser(request);
  // Every write of a signed-in user is recorded, refusals included (issue 28).
  const target = auditTargetOf(request, params);
  return recordingWrite(
    { user: signedIn.user, action: `${target.kind ?? "console"}.unknown`, target },
    async (draft) => {
      const screenPermissions = Object.values<IntentRoute<Answer>>(table).map((route) => route.permission);
      requireAnyPermission(request, signedIn.user, screenPermissions);
      const formData = await readFormData(request);
      draft.formData(formData);
      const intent = String(formData.get("intent"));
      // An intent the screen does not have keeps the ".unknown" action: a made-up name would be a
      // new entry in the log's action filter for every probe.
      if (Object.hasOwn(table, intent)) noteWrite({ action: `${target.kind ?? "console"}.${intent}` });
      return runIntent({ ...signedIn, intent, request, params, formData }, table);
    },
  );
}

/** For an action that reads its own body (uploads): the intent in `context` through the table. */
export async function runIntent<Intent extends string, Answer>(
  context: IntentContext,
  table: IntentTable<Intent, Answer>,
): Promise<Answer> {
  if (!Object.hasOwn(table, context.intent)) throw errorPage("notFound");
  const route = table[context.intent as Intent];
  requirePermission(context.request, context.user, route.permission);
  return route.handler(context);
}
