// The DNS configuration form: one schema for the server and, with JavaScript, the browser.
import * as z from "zod";
import { managerIpError } from "~/domain/dns-config";
import { fieldMessages } from "~/domain/form-fields";
import { hasHiddenCharacter } from "~/domain/text-fields";

const messages = {
  ipRequired: "admin:components.dnsConfigCard.errors.ipRequired",
  ipInvalid: "admin:components.dnsConfigCard.errors.ipInvalid",
} as const;

export const dnsConfigSchema = z
  .object({
    useDnsDiscovery: z.boolean().default(false),
    // Disabled (so not posted) while discovery is on.
    managerIpAddress: z
      .string()
      .refine((value) => !hasHiddenCharacter(value.trim()), { error: fieldMessages.hiddenCharacters })
      .default(""),
  })
  .superRefine((value, context) => {
    const error = managerIpError(value);
    if (error) context.addIssue({ code: "custom", path: ["managerIpAddress"], message: messages[error] });
  });
