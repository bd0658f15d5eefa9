// A screen's action table, built from its declarations (form-declaration.ts): each intent with
// its permission and what handling it means — parse the form with its schema, ask first where
// the spec wants it, call the Manager, then post/redirect/get with a flash message; or answer the
// form with the user's values and the message to show beside it (DESIGN.md §4).
import { getZodConstraint } from "@conform-to/zod/v4";
import { redirect } from "@remix-run/node";
import * as z from "zod";
import type { FlashMessage } from "~/auth/session.server";
import type { FormConstraint } from "~/components/lazy-form";
import { currentPath, errorPage } from "~/error-pages.server";
import type {
  ActionContext,
  CommandDeclaration,
  Declaration,
  FormDeclaration,
  FormSchema,
  HandlerDeclaration,
  IntentsOf,
  Scope,
} from "~/route-helpers/form-declaration";
import { confirmedField, type FormReply } from "~/route-helpers/form-reply";
import type { IntentContext, IntentRoute, IntentTable } from "~/route-helpers/intents.server";
import {
  actionFailure,
  commandFailureKey,
  managerFailureReply,
  type NotFoundKind,
} from "~/route-helpers/manager-failures.server";
import { parseForm } from "~/route-helpers/parse-form";
import { failedOutcome, notAWrite, noteWrite } from "~/audit/write-record.server";
import { isManagerError } from "~/manager/http.server";
import { setFlash } from "~/utils/flash.server";

type Success = Pick<FlashMessage, "message" | "values">;

const notFoundOf: Record<Scope, NotFoundKind | undefined> = {
  station: "station",
  channel: "channel",
  console: undefined,
};

/** The channel a URL names: the station's serial number and the channel's 1-based index; any other index is the channel-not-found page. */
export function channelTarget(params: IntentContext["params"]) {
  const channelIndex = /^\d+$/.test(params.channelIndex ?? "") ? Number(params.channelIndex) : NaN;
  if (!Number.isSafeInteger(channelIndex)) throw errorPage("channelNotFound");
  return { serialNumber: params.serialNumber ?? "", channelIndex };
}

function actionContext(context: IntentContext, scope: Scope): ActionContext {
  const serialNumber = scope === "console" ? "" : (context.params.serialNumber ?? "");
  const channelIndex = scope === "channel" ? channelTarget(context.params).channelIndex : NaN;
  const values: Record<string, string | number> =
    scope === "channel" ? { serialNumber, channelIndex } : scope === "station" ? { serialNumber } : {};
  return { ...context, serialNumber, channelIndex, values };
}

function successOf<Value>(
  done: string | ((value: Value, context: ActionContext) => Success),
  value: Value,
  context: ActionContext,
): Success {
  return typeof done === "string" ? { message: done, values: context.values } : done(value, context);
}

function submittedFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (name !== "intent" && name !== confirmedField && typeof value === "string") fields[name] = value;
  }
  return fields;
}

/** Any form, as it was sent: for a reply that keeps what was typed. */
const anyForm = z.looseObject({});

async function handleForm(
  form: FormDeclaration<string, FormSchema, unknown, unknown>,
  context: ActionContext,
): Promise<FormReply | Response> {
  const { request, formData } = context;
  const intent = form.intent;
  const notFound = form.notFound ?? notFoundOf[form.scope];
  // Asking first, and going back to edit from the question, would write nothing even if all
  // were well: not a write, whatever the input or the Manager said. Only the confirmed save is
  // recorded (issue 33).
  const reviewing = form.confirmFirst
    ? context.intent === form.confirmFirst.reviewIntent || formData.get(confirmedField) !== "yes"
    : false;
  if (reviewing) notAWrite();
  let loaded: unknown;
  try {
    loaded = form.load ? await form.load(context) : undefined;
  } catch (error) {
    // The Manager failed before the form could be checked: it comes back as typed.
    const submission = parseForm(formData, anyForm);
    const result = await managerFailureReply(request, submission, error, {
      saveFailedKey: form.messages.failed,
      notFound,
    });
    return { intent, result };
  }
  const schema = await form.schema(form.options ? form.options(loaded) : undefined);
  if (form.handle) return (await form.handle(context, schema)) as FormReply | Response;
  const submission = parseForm(formData, schema);
  // Back from the confirmation: the form again, with the values the user reviewed.
  if (context.intent === form.confirmFirst?.reviewIntent) return { intent, result: submission.reply() };
  if (submission.status !== "success") return { intent, result: submission.reply() };
  if (reviewing) return { intent, result: submission.reply(), confirm: submittedFields(formData) };
  if (!form.save) throw new Error(`The form ${intent} declares neither save nor handle`);
  if (form.before) {
    // For the audit record's old values; a read that fails leaves the new values alone.
    const before = await form.before(context, loaded).catch(() => null);
    if (before) noteWrite({ before });
  }
  try {
    await form.save(submission.value, context, loaded);
  } catch (error) {
    const result = await managerFailureReply(request, submission, error, {
      saveFailedKey: form.messages.failed,
      notFound,
      fieldNames: form.fieldNames,
    });
    return { intent, result };
  }
  await setFlash(request, { kind: "success", ...successOf(form.messages.done, submission.value, context) });
  return redirect(form.redirectTo ?? currentPath(request));
}

/** A command (reboot, accept, …): the outcome is the flash message; a failure stays on the page. */
export async function handleCommand(command: CommandDeclaration<string>, context: ActionContext): Promise<unknown> {
  const { request } = context;
  let answered: unknown;
  try {
    answered = await command.run(context);
  } catch (error) {
    const recovered = await command.recover?.(error, context);
    if (recovered !== null && recovered !== undefined) {
      // Explained by the command (a changed fingerprint, say), but not done.
      if (isManagerError(error)) noteWrite({ outcome: failedOutcome(error) });
      return recovered;
    }
    const failure = await actionFailure(error, request, { notFound: command.notFound ?? notFoundOf[command.scope] });
    await setFlash(request, { kind: "error", message: commandFailureKey(failure, command.messages.failed) });
    return redirect(currentPath(request));
  }
  await setFlash(request, { kind: "success", ...successOf(command.messages.done, answered, context) });
  return redirect(command.redirectTo ?? currentPath(request));
}

function routeOf(declaration: Declaration): IntentRoute<unknown> {
  const { auditTarget } = declaration;
  return {
    permission: declaration.permission,
    auditAction: declaration.auditAction,
    auditTarget: auditTarget ? (context) => auditTarget(actionContext(context, declaration.scope)) : undefined,
    handler(context) {
      const action = actionContext(context, declaration.scope);
      switch (declaration.kind) {
        case "form":
          return handleForm(declaration as FormDeclaration<string, FormSchema, unknown, unknown>, action);
        case "command":
          return handleCommand(declaration, action);
        case "handler":
          return (declaration as HandlerDeclaration<string, unknown>).handle(action);
      }
    },
  };
}

/** The intents a list of declarations answers: each one's own, and a form's review. */
type TableIntents<D> =
  | IntentsOf<D>
  | (D extends { confirmFirst?: { reviewIntent: infer Review } } ? (Review extends string ? Review : never) : never);

/** The action table of a screen: one entry per declared intent (and per review of a form that asks first). */
export function intentTable<const Declarations extends readonly Declaration[]>(
  ...declarations: Declarations
): IntentTable<TableIntents<Declarations[number]>, FormReply | Response> {
  const table: Record<string, IntentRoute<unknown>> = {};
  for (const declaration of declarations) {
    const route = routeOf(declaration);
    table[declaration.intent] = route;
    if (declaration.kind === "form" && declaration.confirmFirst) table[declaration.confirmFirst.reviewIntent] = route;
  }
  return table as IntentTable<TableIntents<Declarations[number]>, FormReply | Response>;
}

const constraints = new WeakMap<z.ZodType, FormConstraint>();

/** The native constraints (required, maxLength, min/max, pattern) a form's fields render, from its schema. */
export async function constraintOf<Options>(
  form: FormDeclaration<string, FormSchema, Options, unknown>,
  options: Options,
): Promise<FormConstraint> {
  const schema = await form.schema(options);
  let constraint = constraints.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(schema);
    constraints.set(schema, constraint);
  }
  return constraint;
}

/** The constraints of forms whose schemas need no options, by intent (for a loader's data). */
export async function constraintsOf<const Forms extends readonly FormDeclaration<string, FormSchema, void, unknown>[]>(
  ...forms: Forms
): Promise<{ [Form in Forms[number] as Form["intent"]]: FormConstraint }> {
  const entries = await Promise.all(forms.map(async (form) => [form.intent, await constraintOf(form, undefined)]));
  return Object.fromEntries(entries) as { [Form in Forms[number] as Form["intent"]]: FormConstraint };
}
