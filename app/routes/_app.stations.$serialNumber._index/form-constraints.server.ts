// The General tab's forms' constraints, for the loader (the browser renders them without zod).
import { formConstraint } from "~/route-helpers/form-constraint.server";
import {
  audioSettingsSchema,
  noiseGateSchema,
  outputSettingsSchema,
  renameStationSchema,
} from "~/domain/station-forms";

export const generalFormConstraints = () => ({
  rename: formConstraint(renameStationSchema),
  audio: formConstraint(audioSettingsSchema),
  noiseGate: formConstraint(noiseGateSchema),
  output: formConstraint(outputSettingsSchema),
});
