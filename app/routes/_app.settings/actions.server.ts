// The DNS configuration's two steps (forms.ts declares them): review validates and opens the
// confirmation with the values in the URL; save validates again and writes. Unchanged is a no-op.
import { redirect } from "@remix-run/node";
import type { DnsDiscoverySettings } from "~/contract/station-parts";
import { dnsSettingsForSave, isDnsConfigChanged } from "~/domain/dns-config";
import { getSystemSettings, updateSystemSettings } from "~/manager/settings.server";
import type { ActionContext } from "~/route-helpers/form-declaration";
import type { FormReply } from "~/route-helpers/form-reply";
import { managerFailureReply } from "~/route-helpers/manager-failures.server";
import { parseForm } from "~/route-helpers/parse-form";
import { notAWrite, noteWrite } from "~/audit/write-record.server";
import { setFlash } from "~/utils/flash.server";
import { dnsConfirmName, dnsSavedMessage, dnsSearchParams } from "./dns-config-params";
import type { dnsConfigSchema } from "./dns-config-schema";

export const dnsConfigFailedKey = "admin:components.dnsConfigCard.errors.submit";
const settingsPath = "/settings";
const fieldNames = { "dnsDiscoverySettings.managerIpAddress": "managerIpAddress" };

/**
 * Validates, reads the stored settings, and — if the form changes something — runs `next` with
 * the valid values. Unchanged is a no-op; a Manager failure keeps the form.
 */
async function withChange(
  { request, manager, formData, intent }: ActionContext,
  formSchema: typeof dnsConfigSchema,
  next: (values: DnsDiscoverySettings, stored: DnsDiscoverySettings) => Promise<Response>,
): Promise<FormReply | Response> {
  const submission = parseForm(formData, formSchema);
  if (submission.status !== "success") return { intent, result: submission.reply() };
  try {
    const { dnsDiscoverySettings: stored } = await getSystemSettings(manager);
    noteWrite({ before: { ...stored } });
    if (!isDnsConfigChanged(submission.value, stored)) {
      // Nothing was sent to the Manager: nothing to record.
      notAWrite();
      await setFlash(request, { kind: "info", message: "admin:components.dnsConfigCard.noChanges" });
      return redirect(settingsPath);
    }
    return await next(submission.value, stored);
  } catch (error) {
    return {
      intent,
      result: await managerFailureReply(request, submission, error, { saveFailedKey: dnsConfigFailedKey, fieldNames }),
    };
  }
}

export function reviewDnsConfig(context: ActionContext, schema: typeof dnsConfigSchema) {
  // The question before the save writes nothing (issue 33): only the save is recorded.
  notAWrite();
  return withChange(context, schema, async (values) => {
    const search = new URLSearchParams({ confirm: dnsConfirmName, ...dnsSearchParams(values) });
    return redirect(`${settingsPath}?${search}`);
  });
}

export function saveDnsConfig(context: ActionContext, schema: typeof dnsConfigSchema) {
  return withChange(context, schema, async (values, stored) => {
    await updateSystemSettings(context.manager, { dnsDiscoverySettings: dnsSettingsForSave(values, stored) });
    await setFlash(context.request, { kind: "success", message: dnsSavedMessage });
    return redirect(settingsPath);
  });
}
