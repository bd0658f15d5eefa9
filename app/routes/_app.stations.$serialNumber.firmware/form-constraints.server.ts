// The firmware update form's constraints, for the loader (the browser renders them without zod).
import { formConstraint } from "~/route-helpers/form-constraint.server";
import { firmwareUpdateSchema } from "~/domain/station-forms";

export const firmwareFormConstraint = () => formConstraint(firmwareUpdateSchema);
