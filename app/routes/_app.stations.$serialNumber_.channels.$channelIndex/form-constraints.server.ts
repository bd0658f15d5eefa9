// The channel forms' constraints, for the loader (the browser renders them without zod). The
// details schema depends on the station's inputs and outputs, so it is built per request.
import { getZodConstraint } from "@conform-to/zod/v4";
import { formConstraint } from "~/route-helpers/form-constraint.server";
import { channelDetailsSchema, pinSchema, type ChannelChoices } from "~/domain/channel-forms";

export const channelFormConstraints = (choices: ChannelChoices) => ({
  details: getZodConstraint(channelDetailsSchema(choices)),
  pin: formConstraint(pinSchema),
});
