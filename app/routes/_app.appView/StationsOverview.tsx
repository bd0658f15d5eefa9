// Every station with its channels: state and mode, each channel's position in the app, its
// properties, the channel and QR code overlays, and the audience-mic mute control. A page of
// stations repeats cards, headings, groups, texts, badges and links (the kit's plain elements),
// texts looked up once per list (./row-texts).
import { useLocation, type Location } from "@remix-run/react";
import { IconQrcode } from "~/components/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AudienceMicSubmissions, AudienceMicToggle } from "./AudienceMicToggle";
import { useAppViewRowTexts, type AppViewRowTexts } from "./row-texts";
import { channelParam, qrParam } from "./url-state";
import type { AppViewChannel } from "./view.server";
import { ChannelPropertyBadges } from "~/components/ChannelProperties";
import type { ComputedState, UseCaseMode } from "~/contract/enums";
import { withSearchParams } from "~/utils/url";
import { LinkAnchor } from "~/components/ui/anchor";
import { Card } from "~/components/ui/card";
import { DotBadge } from "~/components/ui/badge";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export interface AppViewStationView {
  serialNumber: string;
  name: string;
  computedState: ComputedState;
  useCaseMode: UseCaseMode;
  channels: AppViewChannel[];
}

const regularWeight = { fontWeight: 400 };
/** A list without bullets or indent: the cards are its items. */
const bareList = { listStyle: "none", margin: "0rem", padding: "0rem" };
const iconLink = { display: "inline-flex", alignItems: "center", gap: 4 };
const boldWeight = { fontWeight: 600 };

function StationCard({
  station,
  texts,
  location,
}: {
  station: AppViewStationView;
  texts: AppViewRowTexts;
  location: Location;
}) {
  const { t } = texts;
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
                <Text component="span" size="sm" dimmed style={regularWeight}>
                  {station.serialNumber}
                </Text>
              </>
            )}
          </Title>
          <Group gap="xs">
            <DotBadge color={station.computedState === "Connected" ? "green" : "gray"}>
              {t(`common:connectionStates.${station.computedState}`)}
            </DotBadge>
            <DotBadge color="brand">{t(`appView.modes.${station.useCaseMode}`)}</DotBadge>
          </Group>
        </Group>
        {station.channels.length === 0 ? (
          <Text size="sm" dimmed>
            {t("appView.stations.noChannels")}
          </Text>
        ) : (
          <Stack component="ul" gap={6} style={bareList}>
            {station.channels.map((channel) => (
              <Group component="li" key={channel.id} justify="space-between" wrap="wrap" gap="xs">
                <Group gap="sm" wrap="wrap">
                  <LinkAnchor
                    to={withSearchParams(location, { [channelParam]: channel.id, [qrParam]: null })}
                    preventScrollReset
                  >
                    {channel.name}
                  </LinkAnchor>
                  <Text size="sm" dimmed>
                    {texts.positionInApp({ position: channel.position })}
                  </Text>
                  <ChannelPropertyBadges channel={channel} t={t} />
                </Group>
                <Group gap="sm" wrap="nowrap">
                  <LinkAnchor
                    size="sm"
                    style={iconLink}
                    to={withSearchParams(location, { [qrParam]: channel.id, [channelParam]: null })}
                    preventScrollReset
                    aria-label={texts.qrOpenNamed({ name: channel.name })}
                  >
                    <IconQrcode size={16} aria-hidden="true" />
                    {texts.qrOpen}
                  </LinkAnchor>
                  {channel.uplinkEnabled ? <AudienceMicToggle channel={channel} texts={texts} /> : null}
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
  const texts = useAppViewRowTexts();
  const location = useLocation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="stations-heading">
      <Title order={2} size="h3" id="stations-heading">
        {t("appView.stations.heading")}
      </Title>
      {stations.length === 0 ? <Text dimmed>{t("appView.stations.none")}</Text> : null}
      <AudienceMicSubmissions>
        {stations.map((station) => (
          <StationCard key={station.serialNumber} station={station} texts={texts} location={location} />
        ))}
      </AudienceMicSubmissions>
      {children}
    </Stack>
  );
}

export function UngroupedChannels({ channels, children }: { channels: AppViewChannel[]; children?: ReactNode }) {
  const { t } = useTranslation("moderation");
  const texts = useAppViewRowTexts();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="ungrouped-heading">
      <Stack gap="xs">
        <Title order={2} size="h3" id="ungrouped-heading">
          {t("appView.ungrouped.heading")}
        </Title>
        <Text size="sm">{t("appView.ungrouped.intro")}</Text>
        {channels.length === 0 ? (
          <Text dimmed>{t("appView.ungrouped.none")}</Text>
        ) : (
          <Stack component="ul" gap={4} style={bareList} data-testid="ungrouped-channels">
            {channels.map((channel) => (
              <li key={channel.id}>
                <Text component="span" style={boldWeight}>
                  {channel.name}
                </Text>{" "}
                <Text component="span" size="sm" dimmed>
                  {texts.stationAndPosition({ station: channel.station, position: channel.position })}
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
