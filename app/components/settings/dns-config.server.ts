// The DNS configuration card's intents: review (validate, then open the confirmation with the
// values in the URL) and save (validate again, write, flash). An unchanged form is a no-op.
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "@remix-run/node";
import { dnsConfigSchema, dnsConfirmName, dnsSavedMessage, dnsSearchParams } from "~/components/settings/dns-config-schema";
import { dnsSettingsForSave, isDnsConfigChanged } from "~/domain/dns-config";
import { managerFailureReply } from "~/manager/form-failure.server";
import type { ManagerClient } from "~/manager/http.server";
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

export async function reviewDnsConfig(request: Request, manager: ManagerClient, formData: FormData) {
  const submission = parseWithZod(formData, { schema: dnsConfigSchema });
  if (submission.status !== "success") return { dnsConfig: submission.reply() };
  try {
    const { dnsDiscoverySettings: stored } = await getSystemSettings(manager);
    if (!isDnsConfigChanged(submission.value, stored)) return unchanged(request);
    const search = new URLSearchParams({ confirm: dnsConfirmName, ...dnsSearchParams(submission.value) });
    return redirect(`${settingsPath}?${search}`);
  } catch (error) {
    return { dnsConfig: await managerFailureReply(request, submission, error, failure) };
  }
}

export async function saveDnsConfig(request: Request, manager: ManagerClient, formData: FormData) {
  const submission = parseWithZod(formData, { schema: dnsConfigSchema });
  if (submission.status !== "success") return { dnsConfig: submission.reply() };
  try {
    const { dnsDiscoverySettings: stored } = await getSystemSettings(manager);
    if (!isDnsConfigChanged(submission.value, stored)) return unchanged(request);
    await updateSystemSettings(manager, { dnsDiscoverySettings: dnsSettingsForSave(submission.value, stored) });
  } catch (error) {
    return { dnsConfig: await managerFailureReply(request, submission, error, failure) };
  }
  await setFlash(request, { kind: "success", message: dnsSavedMessage });
  return redirect(settingsPath);
}
