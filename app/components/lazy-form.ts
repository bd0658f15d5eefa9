// conform with a schema that arrives when the form is first touched (docs/decisions/049): zod
// and the form's schema cost ~30 KB gzipped that no page needs to render. The fields'
// constraints (required, maxLength, min/max, pattern) come with the loader's data, computed on
// the server, so the server's markup and the hydrated one are the same. The first focus in the
// form (or the first submit) imports the schema; until it is there the form behaves as without
// JavaScript validation — a submit goes to the server, which validates anyway — and a blur or
// input check asked for meanwhile runs as soon as it arrives. From then on: conform as usual.
import {
  getFormProps,
  parse,
  useForm,
  type DefaultValue,
  type Submission,
  type SubmissionResult,
} from "@conform-to/react";
import { useEffect, useRef, type FormEvent } from "react";
import type * as z from "zod";

/** What `getZodConstraint` answers for a form: field name → its native constraints. */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

type Validation<Schema extends FormSchema> = Submission<z.input<Schema>, string[], z.output<Schema>>;

/** The name of conform's intent buttons (its INTENT, not exported by @conform-to/react). */
const conformIntent = "__intent__";

/** No verdict in the browser: conform lets the submit through and the server decides. */
function serverDecides<Schema extends FormSchema>(formData: FormData): Validation<Schema> {
  return parse<z.output<Schema>, string[]>(formData, { resolve: () => ({ error: null }) });
}

/** The field a conform "validate" intent asks about ("" for the whole form), or null for any other intent. */
function validatedField(intent: string): string | null {
  try {
    const parsed = JSON.parse(intent) as { type?: string; payload?: { name?: string } };
    return parsed.type === "validate" ? (parsed.payload?.name ?? "") : null;
  } catch {
    return null;
  }
}

/** The part of a form's declaration (route-helpers/form-declaration.ts) the browser uses. */
export interface LazySchema<Schema extends FormSchema, Options> {
  /** A dynamic import of the form's schema (never a static one: that would bring zod back). */
  schema(options: Options): Promise<Schema>;
}

export interface LazyFormOptions<Schema extends FormSchema, Options> {
  id: string;
  /** The form's declaration: its schema is imported on the first touch. */
  form: LazySchema<Schema, Options>;
  /** What the schema depends on (the station's inputs, the versions offered), from the loader's data. */
  schemaOptions?: Options;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** From the loader: the declaration's `constraintOf` on the server. */
  constraint: FormConstraint;
  shouldValidate: "onBlur" | "onSubmit";
  shouldRevalidate: "onInput";
}

/** `useForm` with the schema loaded on first touch; spread `formProps` on the `<Form>`. */
export function useLazyForm<Schema extends FormSchema, Options = void>({
  form: declaration,
  schemaOptions,
  ...options
}: LazyFormOptions<Schema, Options>) {
  const loadSchema = () => declaration.schema(schemaOptions as Options);
  const validate = useRef<((formData: FormData) => Validation<Schema>) | null>(null);
  const loading = useRef(false);
  const waiting = useRef(new Set<string>());
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    onValidate: ({ formData }) => (validate.current ?? serverDecides<Schema>)(formData),
  });
  const latest = useRef({ form, loadSchema });
  latest.current = { form, loadSchema };
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  function load() {
    if (loading.current) return;
    loading.current = true;
    Promise.all([import("~/route-helpers/parse-form"), latest.current.loadSchema()]).then(
      ([{ parseForm }, schema]) => {
        validate.current = (formData) => parseForm(formData, schema);
        // A form replaced meanwhile (a new key after a save) has no checks to catch up on.
        if (!mounted.current) return;
        for (const name of waiting.current) latest.current.form.validate(name ? { name } : undefined);
        waiting.current.clear();
      },
      // Offline or a failed chunk: the server keeps validating; the next focus tries again.
      () => {
        loading.current = false;
      },
    );
  }

  const conformProps = getFormProps(form);
  const formProps = {
    ...conformProps,
    onFocus: load,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      load();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (!validate.current && submitter?.getAttribute("name") === conformIntent) {
        // A blur or input check before the schema is here: nothing to show yet, nothing to send.
        event.preventDefault();
        const field = validatedField((submitter as HTMLButtonElement).value);
        if (field !== null) waiting.current.add(field);
        return;
      }
      conformProps.onSubmit(event);
    },
  };
  return [form, fields, formProps] as const;
}
