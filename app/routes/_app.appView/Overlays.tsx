// The channel overlay (?channel=<id>) and the QR code overlay (?qr=<id>): URL state, so they
// open without JavaScript and can be linked.
import { useLocation } from "@remix-run/react";
import { IconDownload, IconPrinter } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { OverlayDialog } from "./OverlayDialog";
import { channelParam, qrCodePath, qrParam } from "./url-state";
import type { AppViewChannel } from "./view.server";
import { signsPath } from "~/domain/signs";
import { withSearchParams } from "~/utils/url";
import { LinkAnchor } from "~/components/ui/anchor";
import { AnchorButton, LinkButton } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { SimpleGrid } from "~/components/ui/layout";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Image } from "~/components/ui/image";

const whiteBackground = { background: "white" };

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Text component="dt" fw={600} size="sm">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </>
  );
}

export function ChannelOverlay({ channel }: { channel: AppViewChannel }) {
  const { t } = useTranslation("moderation");
  const location = useLocation();
  const yesNo = (value: boolean) => (value ? t("common:actions.yes") : t("common:actions.no"));
  return (
    <OverlayDialog title={channel.name} closeParams={[channelParam]}>
      <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={4} m={0} data-testid="channel-overlay">
        <Field label={t("appView.channel.station")}>{channel.station}</Field>
        <Field label={t("appView.channel.channelId")}>{channel.channelId}</Field>
        <Field label={t("appView.channel.position")}>{channel.position}</Field>
        <Field label={t("appView.channel.group")}>{channel.group ?? t("appView.ungrouped.label")}</Field>
        <Field label={t("appView.channel.pin")}>{yesNo(channel.hasPin)}</Field>
        <Field label={t("appView.channel.visible")}>{yesNo(!channel.isHidden)}</Field>
        <Field label={t("appView.channel.enabled")}>{yesNo(channel.isEnabled)}</Field>
        <Field label={t("appView.channel.audienceMic")}>
          {channel.uplinkEnabled
            ? channel.uplinkUnmuted
              ? t("appView.audienceMic.open")
              : t("appView.audienceMic.muted")
            : t("appView.channel.off")}
        </Field>
        <Field label={t("appView.channel.listeners")}>{channel.listenerCount}</Field>
      </SimpleGrid>
      <Group gap="md">
        <LinkAnchor to={withSearchParams(location, { [channelParam]: null, [qrParam]: channel.id })} preventScrollReset>
          {t("appView.qr.open")}
        </LinkAnchor>
        <LinkAnchor to={`/stations/${encodeURIComponent(channel.stationSerialNumber)}/channels/${channel.index}`}>
          {t("appView.channel.settings")}
        </LinkAnchor>
      </Group>
    </OverlayDialog>
  );
}

export function QrCodeOverlay({ channel }: { channel: AppViewChannel }) {
  const { t } = useTranslation("moderation");
  return (
    <OverlayDialog title={t("appView.qr.title", { name: channel.name })} closeParams={[qrParam]} maxWidth={440}>
      <Stack gap="sm" align="center">
        <Image
          src={qrCodePath(channel, "svg")}
          alt={t("appView.qr.alt", { name: channel.name })}
          w={260}
          h={260}
          fit="contain"
          style={whiteBackground}
          data-testid="qr-code"
        />
        <Text size="sm">{t("appView.qr.hint", { channelId: channel.channelId })}</Text>
        <Group gap="sm">
          <AnchorButton
            href={qrCodePath(channel, "svg", true)}
            download
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
          >
            {t("appView.qr.downloadSvg")}
          </AnchorButton>
          <AnchorButton
            href={qrCodePath(channel, "png", true)}
            download
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
          >
            {t("appView.qr.downloadPng")}
          </AnchorButton>
          <LinkButton
            to={signsPath({ serialNumber: channel.stationSerialNumber, channelIndex: channel.index })}
            variant="default"
            size="xs"
            leftSection={<IconPrinter size={14} aria-hidden="true" />}
          >
            {t("signs.openOne")}
          </LinkButton>
        </Group>
      </Stack>
    </OverlayDialog>
  );
}
