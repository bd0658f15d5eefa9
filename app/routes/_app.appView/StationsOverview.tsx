// Every station with its channels: state and mode, each channel's position in the app, its
// properties, the channel and QR code overlays, and the audience-mic mute control.
import { Anchor } from "#mantine/core/components/Anchor/Anchor.mjs";
import { Badge } from "#mantine/core/components/Badge/Badge.mjs";
import { Card } from "#mantine/core/components/Card/Card.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Title } from "#mantine/core/components/Title/Title.mjs";
import { Link, useLocation } from "@remix-run/react";
import { IconQrcode } from "~/components/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AudienceMicToggle } from "./AudienceMicToggle";
import { channelParam, qrParam } from "./url-state";
import type { AppViewChannel } from "./view.server";
import { ChannelProperties } from "~/components/ChannelProperties";
import type { ComputedState, UseCaseMode } from "~/contract/enums";
import { withSearchParams } from "~/utils/url";

export interface AppViewStationView {
  serialNumber: string;
  name: string;
  computedState: ComputedState;
  useCaseMode: UseCaseMode;
  channels: AppViewChannel[];
}

function StationCard({ station }: { station: AppViewStationView }) {
  const { t } = useTranslation("moderation");
  const location = useLocation();
  const headingId = `station-${station.serialNumber}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          {/* The serial number keeps two stations of the same name apart (each card is a landmark). */}
          <Title order={3} size="h4" id={headingId}>
            {station.name}
            {station.name === station.serialNumber ? null : (
              <>
                {" "}
                <Text span size="sm" c="dimmed" fw={400}>
                  {station.serialNumber}
                </Text>
              </>
            )}
          </Title>
          <Group gap="xs">
            <Badge variant="dot" color={station.computedState === "Connected" ? "green" : "gray"} radius="sm">
              {t(`common:connectionStates.${station.computedState}`)}
            </Badge>
            <Badge variant="dot" color="brand" radius="sm">
              {t(`appView.modes.${station.useCaseMode}`)}
            </Badge>
          </Group>
        </Group>
        {station.channels.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("appView.stations.noChannels")}
          </Text>
        ) : (
          <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: "none" }}>
            {station.channels.map((channel) => (
              <Group component="li" key={channel.id} justify="space-between" wrap="wrap" gap="xs">
                <Group gap="sm" wrap="wrap">
                  <Anchor
                    component={Link}
                    to={withSearchParams(location, { [channelParam]: channel.id, [qrParam]: null })}
                    preventScrollReset
                  >
                    {channel.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {t("appView.stations.position", { position: channel.position })}
                  </Text>
                  <ChannelProperties channel={channel} />
                </Group>
                <Group gap="sm" wrap="nowrap">
                  <Anchor
                    component={Link}
                    to={withSearchParams(location, { [qrParam]: channel.id, [channelParam]: null })}
                    preventScrollReset
                    size="sm"
                    aria-label={t("appView.qr.openNamed", { name: channel.name })}
                    style={{ display: "inline-flex", alignItems: "center", gap: 4 }}
                  >
                    <IconQrcode size={16} aria-hidden="true" />
                    {t("appView.qr.open")}
                  </Anchor>
                  {channel.uplinkEnabled ? <AudienceMicToggle channel={channel} /> : null}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

export function StationsOverview({ stations, children }: { stations: AppViewStationView[]; children?: ReactNode }) {
  const { t } = useTranslation("moderation");
  return (
    <Stack gap="sm" component="section" aria-labelledby="stations-heading">
      <Title order={2} size="h3" id="stations-heading">
        {t("appView.stations.heading")}
      </Title>
      {stations.length === 0 ? <Text c="dimmed">{t("appView.stations.none")}</Text> : null}
      {stations.map((station) => (
        <StationCard key={station.serialNumber} station={station} />
      ))}
      {children}
    </Stack>
  );
}

export function UngroupedChannels({ channels, children }: { channels: AppViewChannel[]; children?: ReactNode }) {
  const { t } = useTranslation("moderation");
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="ungrouped-heading">
      <Stack gap="xs">
        <Title order={2} size="h3" id="ungrouped-heading">
          {t("appView.ungrouped.heading")}
        </Title>
        <Text size="sm">{t("appView.ungrouped.intro")}</Text>
        {channels.length === 0 ? (
          <Text c="dimmed">{t("appView.ungrouped.none")}</Text>
        ) : (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: "none" }} data-testid="ungrouped-channels">
            {channels.map((channel) => (
              <li key={channel.id}>
                <Text span fw={600}>
                  {channel.name}
                </Text>{" "}
                <Text span size="sm" c="dimmed">
                  {t("appView.ungrouped.station", { station: channel.station, position: channel.position })}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        {children}
      </Stack>
    </Card>
  );
}
