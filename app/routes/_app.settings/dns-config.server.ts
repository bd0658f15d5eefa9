// The DNS configuration card's intents: review (validate, then open the confirmation with the
// values in the URL) and save (validate again, write, flash). An unchanged form is a no-op.
import type { FormReply } from "~/route-helpers/form-reply";
import type { IntentContext, IntentTable } from "~/route-helpers/intents.server";
import type { SettingsIntent } from "./intents";
import { parseForm } from "~/route-helpers/parse-form";
import { redirect } from "@remix-run/node";
import { dnsConfirmName, dnsSavedMessage, dnsSearchParams } from "./dns-config-params";
import { dnsConfigSchema } from "./dns-config-schema";
import { dnsSettingsForSave, isDnsConfigChanged } from "~/domain/dns-config";
import { managerFailureReply } from "~/route-helpers/form-failure.server";
import type { DnsDiscoverySettings } from "~/contract/station-parts";
import { getSystemSettings, updateSystemSettings } from "~/manager/settings.server";
import { setFlash } from "~/utils/flash.server";

const settingsPath = "/settings";
const failure = {
  saveFailedKey: "admin:components.dnsConfigCard.errors.submit",
  fieldNames: { "dnsDiscoverySettings.managerIpAddress": "managerIpAddress" },
};

async function unchanged(request: Request) {
  await setFlash(request, { kind: "info", message: "admin:components.dnsConfigCard.noChanges" });
  return redirect(settingsPath);
}

/**
 * Both intents: validate, read the stored settings, and — if the form changes something — run
 * `next` with the valid values. Unchanged is a no-op; a Manager failure keeps the form.
 */
async function withChange(
  { request, manager, formData, intent }: IntentContext,
  next: (values: DnsDiscoverySettings, stored: DnsDiscoverySettings) => Promise<Response>,
): Promise<FormReply | Response> {
  const submission = parseForm(formData, dnsConfigSchema);
  if (submission.status !== "success") return { intent, result: submission.reply() };
  try {
    const { dnsDiscoverySettings: stored } = await getSystemSettings(manager);
    if (!isDnsConfigChanged(submission.value, stored)) return unchanged(request);
    return await next(submission.value, stored);
  } catch (error) {
    return { intent, result: await managerFailureReply(request, submission, error, failure) };
  }
}

/** Valid and changed: open the confirmation with the reviewed values in the URL. */
function reviewDnsConfig(context: IntentContext) {
  return withChange(context, async (values) => {
    const search = new URLSearchParams({ confirm: dnsConfirmName, ...dnsSearchParams(values) });
    return redirect(`${settingsPath}?${search}`);
  });
}

function saveDnsConfig(context: IntentContext) {
  const { request, manager } = context;
  return withChange(context, async (values, stored) => {
    await updateSystemSettings(manager, { dnsDiscoverySettings: dnsSettingsForSave(values, stored) });
    await setFlash(request, { kind: "success", message: dnsSavedMessage });
    return redirect(settingsPath);
  });
}

/** The settings screen's intents: review the DNS configuration (asks to confirm), then save it. */
export const settingsRoutes: IntentTable<SettingsIntent, FormReply | Response> = {
  reviewDnsConfig: { permission: "settings.dnsConfig", handler: reviewDnsConfig },
  saveDnsConfig: { permission: "settings.dnsConfig", handler: saveDnsConfig },
};
