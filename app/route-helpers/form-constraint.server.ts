// The native constraints (required, maxLength, min/max, pattern) a form's fields render, from its
// zod schema, computed on the server and sent with the loader's data: the browser renders them
// without zod and loads the schema only when the form is first touched
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#validation-on-first-touch).
import { getZodConstraint } from "@conform-to/zod/v4";
import type * as z from "zod";
import type { FormConstraint } from "~/components/lazy-form";

const computed = new WeakMap<z.ZodType, FormConstraint>();

/** `getZodConstraint`, once per schema object. */
export function formConstraint(schema: z.ZodType): FormConstraint {
  let constraint = computed.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(schema);
    computed.set(schema, constraint);
  }
  return constraint;
}
