// The Network tab's forms' constraints, for the loader (the browser renders them without zod).
import { formConstraint } from "~/route-helpers/form-constraint.server";
import { dnsDiscoverySchema, networkSettingsSchema } from "~/domain/network-forms";

export const networkFormConstraints = () => ({
  networkSettings: formConstraint(networkSettingsSchema),
  dnsDiscovery: formConstraint(dnsDiscoverySchema),
});
