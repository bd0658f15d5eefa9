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
import { auditAttemptOf } from "~/audit/targets.server";
import { noteWrite, recordingWrite } from "~/audit/write-record.server";
import type { AuditTarget } from "~/records/audit-log";
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
  /** The audit record's action, where it is not `<target kind>.<intent>` (a bulk action's `bulk.remove`). */
  auditAction?: string;
  /** What the audit record names as the target, where the URL does not (a token, a station on the list). */
  auditTarget?(context: IntentContext): AuditTarget;
}

export type IntentTable<Intent extends string, Answer> = { readonly [Name in Intent]: IntentRoute<Answer> };

export async function dispatchIntent<Intent extends string, Answer>(
  { request, params }: Pick<ActionFunctionArgs, "request" | "params">,
  table: IntentTable<Intent, Answer>,
): Promise<Answer> {
  const signedIn = await requireUser(request);
  // Every write of a signed-in user is recorded, refusals included (issue 28).
  const { target, group, action } = auditAttemptOf(request, params);
  return recordingWrite({ user: signedIn.user, action, target }, async (draft) => {
    const screenPermissions = Object.values<IntentRoute<Answer>>(table).map((route) => route.permission);
    try {
      requireAnyPermission(request, signedIn.user, screenPermissions);
    } catch (refusal) {
      // Refused before the body was read, and answered so whatever the body holds. It is a form
      // within its limits (server/body-limits.ts read it already): its intent names, in the
      // record only, what was tried (issue 33). Nothing else of it is kept.
      const formData = await readFormData(request).catch(() => null);
      if (formData)
        noteAttempt({ ...signedIn, intent: String(formData.get("intent")), request, params, formData }, table, group);
      throw refusal;
    }
    const formData = await readFormData(request);
    draft.formData(formData);
    const context = { ...signedIn, intent: String(formData.get("intent")), request, params, formData };
    noteAttempt(context, table, group);
    return runIntent(context, table);
  });
}

/**
 * Names the write tried in its audit record: `<group>.<intent>`, or the intent's own action,
 * and its target where the form names it. An intent the screen does not have keeps the
 * ".unknown" action: a made-up name would be a new entry in the log's action filter for every probe.
 */
function noteAttempt<Intent extends string, Answer>(
  context: IntentContext,
  table: IntentTable<Intent, Answer>,
  group: string,
) {
  if (!Object.hasOwn(table, context.intent)) return noteWrite({ action: `${group}.unknown` });
  const route = table[context.intent as Intent];
  noteWrite({ action: route.auditAction ?? `${group}.${context.intent}` });
  noteTarget(context, route);
}

function noteTarget<Answer>(context: IntentContext, route: IntentRoute<Answer>) {
  if (!route.auditTarget) return;
  try {
    noteWrite({ target: route.auditTarget(context) });
  } catch {
    // A target its form cannot name (a channel index that is none): the URL's stays.
  }
}

/** For an action that reads its own body (uploads): the intent in `context` through the table. */
export async function runIntent<Intent extends string, Answer>(
  context: IntentContext,
  table: IntentTable<Intent, Answer>,
): Promise<Answer> {
  if (!Object.hasOwn(table, context.intent)) throw errorPage("notFound");
  const route = table[context.intent as Intent];
  if (route.auditAction) noteWrite({ action: route.auditAction });
  noteTarget(context, route);
  requirePermission(context.request, context.user, route.permission);
  return route.handler(context);
}
