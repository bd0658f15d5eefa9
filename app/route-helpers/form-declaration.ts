// A screen's forms and commands, each declared once (docs/building-a-screen.md): its intent, the
// permission it needs, its schema, whether it asks first, the Manager call and its messages. The
// route's action table (intent-table.server.ts), the loader's constraints (`constraintsOf`) and
// the browser's lazily loaded schema (`useLazyForm({ form })`) all come from the declaration.
//
// A declaration module is imported by the screen's components too. Its Manager calls come from
// `.server` modules, which the browser build replaces by empty ones: the closures that call them
// travel along but only ever run on the server.
import type * as z from "zod";
import type { FlashMessage } from "~/auth/session.server";
import type { SignedInContext } from "~/auth/guard.server";
import type { PermissionAction } from "~/domain/permissions";
import type { AuditTarget, AuditValue } from "~/records/audit-log";

export type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** What a form or command acts on: the station or the channel its URL names, or the console as a whole. */
export type Scope = "station" | "channel" | "console";

/** What every handler gets: the signed-in user, the request, the form, and its target from the URL. */
export interface ActionContext extends SignedInContext {
  request: Request;
  formData: FormData;
  intent: string;
  params: Record<string, string | undefined>;
  /** The station in the URL ("" outside a station's screens). */
  serialNumber: string;
  /** The channel's 1-based index in the URL (NaN outside a channel's screens). */
  channelIndex: number;
  /** The flash message's values: the station's serial number (and the channel's index). */
  values: Record<string, string | number>;
}

type Success = Pick<FlashMessage, "message" | "values">;

interface Declared<Intent extends string> {
  intent: Intent;
  permission: PermissionAction;
  scope: Scope;
  /** Which page a 404 of the Manager shows (default: the scope's station or channel). */
  notFound?: "station" | "channel";
  /** What the audit record names as the target, where the URL does not (a token, a station on the list). */
  auditTarget?(context: ActionContext): AuditTarget;
  /** The audit record's action, where it is not `<target kind>.<intent>` (a bulk action's `bulk.remove`). */
  auditAction?: string;
}

/** Messages: the flash on success, the "please try again" beside the form (or in the flash) on failure. */
export interface Messages<Value> {
  /** A locale key (with the context's values), or the message from what was saved. */
  done: string | ((value: Value, context: ActionContext) => Success);
  failed: string;
}

export interface FormDeclaration<
  Intent extends string,
  Schema extends FormSchema,
  Options,
  Loaded,
> extends Declared<Intent> {
  kind: "form";
  /**
   * The schema, imported when needed: once on the server, on the first touch in the browser
   * (never a static import: that would bring zod into every page). `options` are what it
   * depends on (a station's inputs, the versions offered), from `load` on the server and from
   * the loader's data in the browser.
   */
  schema(options: Options): Promise<Schema>;
  /** Asks before saving (operations.md §4): the reviewed values come back with `reviewIntent`. */
  confirmFirst?: { reviewIntent: string };
  /** What the Manager must tell before the form can be checked or saved (the station, say). */
  load?(context: ActionContext): Promise<Loaded>;
  /** The schema's options from what `load` found. */
  options?(loaded: Loaded): Options;
  /** The Manager's field paths → the form's field names, for the messages it sends back. */
  fieldNames?: Record<string, string>;
  messages: Messages<z.output<Schema>>;
  /** Where a success goes (default: the page it was sent from). */
  redirectTo?: string;
  /**
   * The fields' values before the save, by field name, for the audit record's old → new (read
   * from what `load` found, or from the Manager); secrets are never recorded by value anyway.
   */
  before?(context: ActionContext, loaded: Loaded): Promise<Record<string, AuditValue>>;
  /** The Manager call; every form has it, unless it handles itself (`handle`). */
  save?(value: z.output<Schema>, context: ActionContext, loaded: Loaded): Promise<unknown>;
  /**
   * For a form whose flow the usual one does not fit (the DNS configuration asks first with its
   * values in the URL, and an unchanged form saves nothing): handles the intent with the schema.
   */
  handle?(context: ActionContext, schema: Schema): Promise<unknown>;
}

export interface CommandDeclaration<Intent extends string> extends Declared<Intent> {
  kind: "command";
  /** `done` may read what `run` answered (a new channel ID, say). */
  messages: Messages<unknown>;
  redirectTo?: string;
  run(context: ActionContext): Promise<unknown>;
  /** A failure the command explains better itself (a changed fingerprint, say); null for the usual. */
  recover?(error: unknown, context: ActionContext): Promise<Response | unknown | null>;
}

/** An intent whose handling fits neither shape (a queue step, a token shown once): its own handler. */
export interface HandlerDeclaration<Intent extends string, Answer> extends Declared<Intent> {
  kind: "handler";
  handle(context: ActionContext): Promise<Answer>;
}

/** Any declaration, as a screen's action table holds them: forms of every schema, options and loaded data. */
export type Declaration =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each form's own types, checked where it is declared
  FormDeclaration<string, any, any, any> | CommandDeclaration<string> | HandlerDeclaration<string, unknown>;

type WithDefaults<T> = Omit<T, "kind" | "scope"> & { scope?: Scope };

export function defineForm<Intent extends string, Schema extends FormSchema, Options = void, Loaded = void>(
  declaration: WithDefaults<FormDeclaration<Intent, Schema, Options, Loaded>>,
): FormDeclaration<Intent, Schema, Options, Loaded> {
  return { scope: "console", ...declaration, kind: "form" };
}

export function defineCommand<Intent extends string>(
  declaration: WithDefaults<CommandDeclaration<Intent>>,
): CommandDeclaration<Intent> {
  return { scope: "console", ...declaration, kind: "command" };
}

export function defineHandler<Intent extends string, Answer>(
  declaration: WithDefaults<HandlerDeclaration<Intent, Answer>>,
): HandlerDeclaration<Intent, Answer> {
  return { scope: "console", ...declaration, kind: "handler" };
}

/** The intent a declaration answers. */
export type IntentsOf<D> = D extends { intent: infer Intent extends string } ? Intent : never;
