// The head of every station tab: breadcrumb, name, connection state, what the station is busy
// with, the no-longer-supported notice for v1 stations, and the tabs.
import { useTranslation } from "react-i18next";
import { firmwareStatusKind } from "~/domain/firmware";
import { stationTypes } from "~/contract/values";
import { FirmwareStatusBadge } from "~/components/stations/FirmwareStatusBadge";
import { StationStateBadge } from "~/components/stations/StationStateBadge";
import type { StationHeader } from "~/components/stations/station-details";
import { StationTabs } from "~/components/stations/StationTabs";
import { Alert } from "~/components/ui/alert";
import { LinkAnchor } from "~/components/ui/anchor";
import { Badge } from "~/components/ui/badge";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export function StationBreadcrumbs({ trail }: { trail: { label: string; to?: string }[] }) {
  const { t } = useTranslation("stations");
  return (
    <nav aria-label={t("breadcrumb")}>
      <Breadcrumbs>
        {trail.map((item) =>
          item.to ? (
            <LinkAnchor key={item.label} to={item.to} size="sm">
              {item.label}
            </LinkAnchor>
          ) : (
            <Text key={item.label} size="sm" aria-current="page">
              {item.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

export function StationHeaderBlock({ header }: { header: StationHeader }) {
  const { t } = useTranslation("stations");
  const kind = firmwareStatusKind(header.firmwareStatus, header.currentFirmwareVersion);
  return (
    <Stack gap="sm">
      <StationBreadcrumbs trail={[{ label: t("list.title"), to: "/stations" }, { label: header.displayName }]} />
      <Group gap="sm" align="center">
        <Title order={1}>{header.displayName}</Title>
        <StationStateBadge state={header.computedState} />
        {kind !== "current" && kind !== "unknown" ? (
          <FirmwareStatusBadge status={header.firmwareStatus} currentVersion={header.currentFirmwareVersion} />
        ) : null}
        {header.isChangingMode ? (
          <Badge color="violet" variant="light" radius="sm" tt="none" role="status">
            {t("mode.changing")}
          </Badge>
        ) : null}
      </Group>
      {header.displayName !== header.serialNumber ? (
        <Text dimmed size="sm">
          {t("details.serialNumberLine", { serialNumber: header.serialNumber })}
        </Text>
      ) : null}
      {header.type === stationTypes.v1 ? (
        <Alert color="orange" title={t("details.unsupportedTitle")}>
          {t("details.unsupported")}
        </Alert>
      ) : null}
      <StationTabs serialNumber={header.serialNumber} />
    </Stack>
  );
}
