// The channel overlay (?channel=<id>) and the QR code overlay (?qr=<id>): URL state, so they
// open without JavaScript and can be linked.
import { Anchor } from "#mantine/core/components/Anchor/Anchor.mjs";
import { PlainAnchorButton } from "~/components/plain-button";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Image } from "#mantine/core/components/Image/Image.mjs";
import { SimpleGrid } from "#mantine/core/components/SimpleGrid/SimpleGrid.mjs";
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Link, useLocation } from "@remix-run/react";
import { IconDownload } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { OverlayDialog } from "./OverlayDialog";
import { channelParam, qrCodePath, qrParam } from "./url-state";
import type { AppViewChannel } from "./view.server";
import { withSearchParams } from "~/utils/url";

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
        <Anchor
          component={Link}
          to={withSearchParams(location, { [channelParam]: null, [qrParam]: channel.id })}
          preventScrollReset
        >
          {t("appView.qr.open")}
        </Anchor>
        <Anchor
          component={Link}
          to={`/stations/${encodeURIComponent(channel.stationSerialNumber)}/channels/${channel.index}`}
        >
          {t("appView.channel.settings")}
        </Anchor>
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
          bg="white"
          data-testid="qr-code"
        />
        <Text size="sm">{t("appView.qr.hint", { channelId: channel.channelId })}</Text>
        <Group gap="sm">
          <PlainAnchorButton
            href={qrCodePath(channel, "svg", true)}
            download
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
          >
            {t("appView.qr.downloadSvg")}
          </PlainAnchorButton>
          <PlainAnchorButton
            href={qrCodePath(channel, "png", true)}
            download
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
          >
            {t("appView.qr.downloadPng")}
          </PlainAnchorButton>
        </Group>
      </Stack>
    </OverlayDialog>
  );
}
