// The head of every station tab: breadcrumb, name, connection state, what the station is busy
// with, the no-longer-supported notice for v1 stations, and the tabs.
import { Alert } from "#mantine/core/components/Alert/Alert.mjs";
import { Anchor } from "#mantine/core/components/Anchor/Anchor.mjs";
import { Badge } from "#mantine/core/components/Badge/Badge.mjs";
import { Breadcrumbs } from "#mantine/core/components/Breadcrumbs/Breadcrumbs.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Title } from "#mantine/core/components/Title/Title.mjs";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { firmwareStatusKind } from "~/domain/firmware";
import { stationTypes } from "~/contract/values";
import { FirmwareStatusBadge } from "~/components/stations/FirmwareStatusBadge";
import { StationStateBadge } from "~/components/stations/StationStateBadge";
import type { StationHeader } from "~/components/stations/station-details";
import { StationTabs } from "~/components/stations/StationTabs";

export function StationBreadcrumbs({ trail }: { trail: { label: string; to?: string }[] }) {
  const { t } = useTranslation("stations");
  return (
    <nav aria-label={t("breadcrumb")}>
      <Breadcrumbs separator="›">
        {trail.map((item) =>
          item.to ? (
            <Anchor key={item.label} component={Link} to={item.to} size="sm">
              {item.label}
            </Anchor>
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
          <Badge color="violet" variant="light" radius="sm" style={{ textTransform: "none" }} role="status">
            {t("mode.changing")}
          </Badge>
        ) : null}
      </Group>
      {header.displayName !== header.serialNumber ? (
        <Text c="dimmed" size="sm">
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
