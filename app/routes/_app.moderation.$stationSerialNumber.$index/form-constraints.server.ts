// The channel settings form's constraints, for the loader (the browser renders them without zod).
import { formConstraint } from "~/route-helpers/form-constraint.server";
import { channelSettingsSchema } from "./channel-settings-schema";

export const channelSettingsConstraint = () => formConstraint(channelSettingsSchema);
