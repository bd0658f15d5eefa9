// The DNS configuration form's constraints, for the loader (the browser renders them without zod).
import { formConstraint } from "~/route-helpers/form-constraint.server";
import { dnsConfigSchema } from "./dns-config-schema";

export const dnsConfigConstraint = () => formConstraint(dnsConfigSchema);
