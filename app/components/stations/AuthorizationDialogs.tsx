// Accept (serial number, both MAC addresses and the fingerprint to check) and Reject, as
// URL-state confirmations (?confirm=accept&station=…). After a fingerprint mismatch the page
// comes back with the refreshed fingerprint and says so.
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { FactsTable } from "~/components/stations/FactsTable";
import type { AuthorizationView } from "~/components/stations/views";
import { authorizationIntent } from "~/route-helpers/station-authorization";
import { Alert } from "~/components/ui/alert";
import { Code } from "~/components/ui/code";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";

export const authorizationDialogParams = ["station", "fingerprintChanged"];

export function StationIdentity({ station }: { station: AuthorizationView }) {
  const { t } = useTranslation("stations");
  const rows = [
    [t("authorization.serialNumber"), station.serialNumber],
    [t("authorization.controlMacAddress"), station.controlMacAddress],
    [t("authorization.streamingMacAddress"), station.streamingMacAddress],
    [t("authorization.fingerprint"), station.fingerprint],
  ] as const;
  return (
    <FactsTable
      caption={t("authorization.identityCaption")}
      horizontalSpacing="xs"
      facts={rows.map(
        ([label, value]) =>
          [
            label,
            <Code key={label} style={{ wordBreak: "break-all" }}>
              {value}
            </Code>,
          ] as const,
      )}
    />
  );
}

export function AuthorizationDialogs({ station }: { station: AuthorizationView | null }) {
  const { t } = useTranslation("stations");
  const location = useLocation();
  if (!station || !station.isUnauthorized) return null;
  const fingerprintChanged = new URLSearchParams(location.search).get("fingerprintChanged") === "1";
  const name = station.name ?? station.serialNumber;
  return (
    <>
      <ConfirmDialog
        name="accept"
        title={t("authorization.acceptTitle", { name })}
        confirmLabel={t("authorization.accept")}
        intent={authorizationIntent.accept}
        fields={{ serialNumber: station.serialNumber, fingerprint: station.fingerprint }}
        dialogParams={authorizationDialogParams}
        confirmDisabled={!station.isReady}
        maxWidth={560}
      >
        <Stack gap="sm">
          {fingerprintChanged ? (
            <Alert color="orange" title={t("authorization.fingerprintChangedTitle")}>
              {t("authorization.fingerprintChanged")}
            </Alert>
          ) : null}
          <Text>{t("authorization.acceptIntro")}</Text>
          <StationIdentity station={station} />
          {station.isReady ? null : <Alert color="orange">{t("authorization.notReady")}</Alert>}
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        name="reject"
        title={t("authorization.rejectTitle", { name })}
        confirmLabel={t("authorization.reject")}
        intent={authorizationIntent.reject}
        color="red"
        fields={{ serialNumber: station.serialNumber }}
        dialogParams={authorizationDialogParams}
      >
        {t("authorization.rejectMessage")}
      </ConfirmDialog>
    </>
  );
}
