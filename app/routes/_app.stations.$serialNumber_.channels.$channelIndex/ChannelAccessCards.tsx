// Access to the channel: its channel ID and a new one on request (listeners must rejoin; a new
// QR code and channel ID after saving), the QR code to show and download (SVG, PNG), and the
// test tone (only after saving, after a warning).
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { useHasUnsavedChanges } from "~/components/stations/dirty-forms";
import { GuardedConfirmLink, SettingsCard, SubmitButton } from "~/components/stations/form-parts";
import type { BlockedReason } from "~/domain/station-state";
import { playTestToneCommand, regenerateAccessCommand, stopTestToneCommand } from "./forms";
import { AnchorButton, Button, LinkButton } from "~/components/ui/button";
import { Code } from "~/components/ui/code";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Image } from "~/components/ui/image";

const bodySize = { fontSize: "var(--mantine-font-size-md)" };

export function ChannelAccessCard({ channelId, blockedBy }: { channelId: string; blockedBy: BlockedReason | null }) {
  const { t } = useTranslation("stations");
  return (
    <SettingsCard id="channel-access-title" title={t("access.title")}>
      <Stack gap="sm" align="flex-start">
        <Text>
          {t("access.channelId")} <Code style={bodySize}>{channelId}</Code>
        </Text>
        <Text size="sm">{t("access.hint")}</Text>
        <GuardedConfirmLink name="regenerateAccess" blockedBy={blockedBy} variant="default">
          {t("access.regenerate")}
        </GuardedConfirmLink>
      </Stack>
      <ConfirmDialog
        name="regenerateAccess"
        title={t("access.confirmTitle")}
        confirmLabel={t("access.regenerate")}
        intent={regenerateAccessCommand.intent}
        color="red"
        confirmDisabled={blockedBy !== null}
      >
        {t("access.confirmMessage")}
      </ConfirmDialog>
    </SettingsCard>
  );
}

export function QrCodeCard({
  qrCodePath,
  signPath,
  channelId,
  channelName,
}: {
  qrCodePath: string;
  /** The channel's printable sign (appView.signs). */
  signPath: string;
  channelId: string;
  channelName: string;
}) {
  const { t } = useTranslation("stations");
  return (
    <SettingsCard id="channel-qr-title" title={t("qr.title")}>
      <Group align="flex-start" gap="xl">
        <Image
          src={`${qrCodePath}/svg?inline=1&channelId=${encodeURIComponent(channelId)}`}
          alt={t("qr.alt", { name: channelName, channelId })}
          w={180}
          h={180}
          fit="contain"
          style={{ background: "white" }}
        />
        <Stack gap="sm" align="flex-start">
          <Text size="sm" maw={360}>
            {t("qr.hint")}
          </Text>
          <AnchorButton href={`${qrCodePath}/svg`} variant="default">
            {t("qr.downloadSvg")}
          </AnchorButton>
          <AnchorButton href={`${qrCodePath}/png`} variant="default">
            {t("qr.downloadPng")}
          </AnchorButton>
          <LinkButton to={signPath} variant="default">
            {t("moderation:signs.openOne")}
          </LinkButton>
        </Stack>
      </Group>
    </SettingsCard>
  );
}

/** Play, or Stop while a tone this user started plays. */
export function TestToneCard({ blockedBy, playing }: { blockedBy: BlockedReason | null; playing: boolean }) {
  const { t } = useTranslation("stations");
  const unsaved = useHasUnsavedChanges();
  return (
    <SettingsCard id="channel-test-tone-title" title={t("testTone.title")}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm" maw={560}>
          {t("testTone.hint")}
        </Text>
        {playing ? (
          <Form method="post" preventScrollReset>
            <SubmitButton intent={stopTestToneCommand.intent} variant="default" disabled={blockedBy !== null}>
              {t("testTone.stop")}
            </SubmitButton>
          </Form>
        ) : unsaved ? (
          <Stack gap={4}>
            <Button disabled aria-describedby="test-tone-unsaved">
              {t("testTone.play")}
            </Button>
            <Text size="sm" dimmed id="test-tone-unsaved">
              {t("testTone.saveFirst")}
            </Text>
          </Stack>
        ) : (
          <GuardedConfirmLink name="testTone" blockedBy={blockedBy}>
            {t("testTone.play")}
          </GuardedConfirmLink>
        )}
      </Stack>
      <ConfirmDialog
        name="testTone"
        title={t("testTone.confirmTitle")}
        confirmLabel={t("testTone.play")}
        intent={playTestToneCommand.intent}
        color="orange"
        confirmDisabled={blockedBy !== null}
      >
        {t("testTone.confirmMessage")}
      </ConfirmDialog>
    </SettingsCard>
  );
}
