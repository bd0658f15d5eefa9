// The firmware update form's constraints, for the loader (the browser renders them without zod).
import { formConstraint } from "~/route-helpers/form-constraint.server";
import { firmwareUpdateSchema } from "~/domain/station-forms";

// The schema takes the versions offered; its constraints (both fields required) do not depend on them.
const schema = firmwareUpdateSchema([]);

export const firmwareFormConstraint = () => formConstraint(schema);
