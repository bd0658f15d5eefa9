// Every form is parsed here, on the server and, with JavaScript, in the browser (lazy-form.ts):
// conform with the form's zod schema, and a locale key for any refusal the schema has no message
// for, so zod's own English never reaches a page (docs/decisions/054-text-fields-take-text.md).
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";
import { fallbackFieldMessage } from "~/domain/form-fields";

export function parseForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema, error: fallbackFieldMessage });
}
