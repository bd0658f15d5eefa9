// Settings (administration.md §2): the DNS configuration card for users with the DNS-config
// permission, and the personal preferences with the dark-mode switch.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { can } from "~/domain/permissions";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { DnsConfigCard } from "./DnsConfigCard";
import { reviewedDnsConfig } from "./dns-config-params";
import { reviewDnsConfigForm, saveDnsConfigForm } from "./forms";
import { constraintOf, intentTable } from "~/route-helpers/intent-table.server";
import { dispatchIntent } from "~/route-helpers/intents.server";
import { PreferencesCard } from "./PreferencesCard";
import { VenueBackupCard } from "./VenueBackupCard";
import { SettingsHeader } from "./SettingsHeader";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import { getSystemSettings } from "~/manager/settings.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { Stack } from "~/components/ui/stack";

export const meta = pageTitle("settings");
export const handle = { titleKey: "settings" } satisfies ScreenHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, manager } = await requireUser(request, "settings.show");
  if (!can(user, "settings.dnsConfig")) return { dns: null };
  const { dnsDiscoverySettings } = await loadOrThrow(request, () => getSystemSettings(manager));
  return {
    dns: {
      stored: dnsDiscoverySettings,
      reviewed: reviewedDnsConfig(new URL(request.url).searchParams),
      constraint: await constraintOf(reviewDnsConfigForm, undefined),
    },
  };
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) =>
  dispatchIntent(args, intentTable(reviewDnsConfigForm, saveDnsConfigForm));

export default function Settings() {
  const { dns } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <SettingsHeader />
      <Stack gap="lg" maw={760}>
        {dns ? (
          <DnsConfigCard
            stored={dns.stored}
            reviewed={dns.reviewed}
            constraint={dns.constraint}
            lastResult={actionData?.result}
          />
        ) : null}
        <VenueBackupCard />
        <PreferencesCard />
      </Stack>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
