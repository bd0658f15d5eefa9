// /stations/:serialNumber/firmware — the Firmware tab: current and latest version, the update
// status (live with JavaScript), the versions to install (newest first) with release notes and
// the EULA, and the firmware metadata sync.
import { dispatchIntent } from "~/route-helpers/intents.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { can } from "~/domain/permissions";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { firmwareUpdateForm, syncMetadataCommand } from "./forms";
import { constraintOf, intentTable } from "~/route-helpers/intent-table.server";
import { loadFirmwareChoices } from "./firmware-choices.server";
import { FirmwareMetadataCard } from "./FirmwareMetadataCard";
import { FirmwareStatusCard } from "./FirmwareStatusCard";
import { FirmwareUpdateForm } from "./FirmwareUpdateForm";
import { replyFor, type FormReply } from "~/route-helpers/form-reply";
import { firmwareUpdateBlockedBy, newestVersion } from "~/domain/firmware";
import { i18next } from "~/i18n/i18next.server";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import type { ScreenHandle } from "~/utils/handle";
import { useStickyActionData } from "~/utils/use-sticky-action-data";
import { Stack } from "~/components/ui/stack";

export const handle = { hubs: ["updaterHub"] } satisfies ScreenHandle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, manager } = await requireUser(request, "stations.show");
  const serialNumber = params.serialNumber!;
  const [{ station, firmware, metadata, available, choices }, locale] = await Promise.all([
    loadOrThrow(request, () => loadFirmwareChoices(manager, serialNumber), "station"),
    i18next.getLocale(request),
  ]);
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });
  const dateTimes = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" });
  const check = metadata.lastFirmwareUpdateCheckTime;
  return {
    firmware: {
      status: firmware.status,
      currentVersion: firmware.currentVersion,
      targetVersion: firmware.targetVersion,
      progress: firmware.progress,
    },
    latestVersion: newestVersion(available.map((release) => release.version)) ?? station.latestFirmwareVersion,
    choices: choices.map((choice) => ({
      ...choice,
      releaseDateText: dates.format(new Date(choice.releaseDate)),
    })),
    updateBlockedBy: firmwareUpdateBlockedBy(station.deviceState.computedState, firmware),
    lastCheck: check ? { dateTime: check, text: dateTimes.format(new Date(check)) } : null,
    canUpdate: can(user, "firmware.update"),
    // Its constraints (both fields required) do not depend on the versions offered.
    constraint: await constraintOf(firmwareUpdateForm, []),
  };
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) =>
  dispatchIntent(args, intentTable(firmwareUpdateForm, syncMetadataCommand));

export default function StationFirmware() {
  const data = useLoaderData<typeof loader>();
  const reply = useStickyActionData<FormReply>();
  return (
    <Stack gap="lg">
      <FirmwareStatusCard firmware={data.firmware} latestVersion={data.latestVersion} />
      {data.canUpdate ? (
        <FirmwareUpdateForm
          key={`${data.firmware.currentVersion}-${data.choices.length}`}
          choices={data.choices}
          constraint={data.constraint}
          blockedBy={data.updateBlockedBy}
          reply={replyFor(reply, firmwareUpdateForm.intent)}
        />
      ) : null}
      <FirmwareMetadataCard
        lastCheck={data.lastCheck}
        // Syncing answers a form only when the Manager has no internet connection.
        noConnection={replyFor(reply, syncMetadataCommand.intent) !== undefined}
        canSync={data.canUpdate}
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
