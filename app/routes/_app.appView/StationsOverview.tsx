// Every station with its channels: state and mode, each channel's position in the app, its
// properties, the channel and QR code overlays, and the audience-mic mute control. A page of
// stations repeats cards, headings, groups, texts, badges and links: plain elements with
// Mantine's markup (~/components/plain), texts looked up once per list (./row-texts).
import { Card } from "#mantine/core/components/Card/Card.mjs";
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Title } from "#mantine/core/components/Title/Title.mjs";
import { Link, useLocation, type Location } from "@remix-run/react";
import { IconQrcode } from "~/components/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AudienceMicSubmissions, AudienceMicToggle } from "./AudienceMicToggle";
import { useAppViewRowTexts, type AppViewRowTexts } from "./row-texts";
import { channelParam, qrParam } from "./url-state";
import type { AppViewChannel } from "./view.server";
import { ChannelPropertyBadges } from "~/components/ChannelProperties";
import {
  PlainAnchor,
  PlainCard,
  PlainDotBadge,
  PlainGroup,
  PlainStack,
  PlainText,
  PlainTitle,
} from "~/components/plain";
import type { ComputedState, UseCaseMode } from "~/contract/enums";
import { withSearchParams } from "~/utils/url";

export interface AppViewStationView {
  serialNumber: string;
  name: string;
  computedState: ComputedState;
  useCaseMode: UseCaseMode;
  channels: AppViewChannel[];
}

const regularWeight = { fontWeight: 400 };
/** `<Stack component="ul" p={0} m={0} style={{ listStyle: "none" }}>` as Mantine writes it. */
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
    <PlainCard padding="md" component="section" aria-labelledby={headingId}>
      <PlainStack gap="xs">
        <PlainGroup justify="space-between" wrap="wrap">
          {/* The serial number keeps two stations of the same name apart (each card is a landmark). */}
          <PlainTitle order={3} size="h4" id={headingId}>
            {station.name}
            {station.name === station.serialNumber ? null : (
              <>
                {" "}
                <PlainText component="span" size="sm" dimmed style={regularWeight}>
                  {station.serialNumber}
                </PlainText>
              </>
            )}
          </PlainTitle>
          <PlainGroup gap="xs">
            <PlainDotBadge color={station.computedState === "Connected" ? "green" : "gray"}>
              {t(`common:connectionStates.${station.computedState}`)}
            </PlainDotBadge>
            <PlainDotBadge color="brand">{t(`appView.modes.${station.useCaseMode}`)}</PlainDotBadge>
          </PlainGroup>
        </PlainGroup>
        {station.channels.length === 0 ? (
          <PlainText size="sm" dimmed>
            {t("appView.stations.noChannels")}
          </PlainText>
        ) : (
          <PlainStack component="ul" gap={6} style={bareList}>
            {station.channels.map((channel) => (
              <PlainGroup component="li" key={channel.id} justify="space-between" wrap="wrap" gap="xs">
                <PlainGroup gap="sm" wrap="wrap">
                  <PlainAnchor
                    component={Link}
                    to={withSearchParams(location, { [channelParam]: channel.id, [qrParam]: null })}
                    preventScrollReset
                  >
                    {channel.name}
                  </PlainAnchor>
                  <PlainText size="sm" dimmed>
                    {texts.positionInApp({ position: channel.position })}
                  </PlainText>
                  <ChannelPropertyBadges channel={channel} t={t} />
                </PlainGroup>
                <PlainGroup gap="sm" wrap="nowrap">
                  <PlainAnchor
                    component={Link}
                    size="sm"
                    style={iconLink}
                    to={withSearchParams(location, { [qrParam]: channel.id, [channelParam]: null })}
                    preventScrollReset
                    aria-label={texts.qrOpenNamed({ name: channel.name })}
                  >
                    <IconQrcode size={16} aria-hidden="true" />
                    {texts.qrOpen}
                  </PlainAnchor>
                  {channel.uplinkEnabled ? <AudienceMicToggle channel={channel} texts={texts} /> : null}
                </PlainGroup>
              </PlainGroup>
            ))}
          </PlainStack>
        )}
      </PlainStack>
    </PlainCard>
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
      {stations.length === 0 ? <Text c="dimmed">{t("appView.stations.none")}</Text> : null}
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
          <Text c="dimmed">{t("appView.ungrouped.none")}</Text>
        ) : (
          <PlainStack component="ul" gap={4} style={bareList} data-testid="ungrouped-channels">
            {channels.map((channel) => (
              <li key={channel.id}>
                <PlainText component="span" style={boldWeight}>
                  {channel.name}
                </PlainText>{" "}
                <PlainText component="span" size="sm" dimmed>
                  {texts.stationAndPosition({ station: channel.station, position: channel.position })}
                </PlainText>
              </li>
            ))}
          </PlainStack>
        )}
        {children}
      </Stack>
    </Card>
  );
}
