// The Add Token form's constraints, for the loader (the browser renders them without zod).
import { formConstraint } from "~/route-helpers/form-constraint.server";
import { addTokenSchema } from "./token-form-schema";

export const addTokenConstraint = () => formConstraint(addTokenSchema);
