// Mute or unmute a channel's audience mic: a form that carries the state it asks for, so sending
// it twice is harmless. The one control a Moderator has on the App view.
import { Button } from "#mantine/core/components/Button/Button.mjs";
import { Form, useNavigation } from "@remix-run/react";
import { IconMicrophone, IconMicrophoneOff } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { appViewIntent } from "./intents";
import { PlainDotBadge, PlainGroup } from "~/components/plain";

export function AudienceMicToggle({ channel }: { channel: { id: string; name: string; uplinkUnmuted: boolean } }) {
  const { t } = useTranslation("moderation");
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === appViewIntent.setAudienceMicMuted &&
    navigation.formData.get("channelId") === channel.id;
  const mute = channel.uplinkUnmuted;
  return (
    <PlainGroup gap="sm" wrap="nowrap">
      <PlainDotBadge color={mute ? "green" : "orange"}>
        {mute ? t("appView.audienceMic.open") : t("appView.audienceMic.muted")}
      </PlainDotBadge>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="channelId" value={channel.id} />
        <input type="hidden" name="muted" value={mute ? "true" : "false"} />
        <Button
          type="submit"
          name="intent"
          value={appViewIntent.setAudienceMicMuted}
          size="xs"
          variant="default"
          loading={submitting}
          aria-label={t(mute ? "appView.audienceMic.muteNamed" : "appView.audienceMic.unmuteNamed", {
            name: channel.name,
          })}
          leftSection={
            mute ? <IconMicrophoneOff size={14} aria-hidden="true" /> : <IconMicrophone size={14} aria-hidden="true" />
          }
        >
          {mute ? t("appView.audienceMic.mute") : t("appView.audienceMic.unmute")}
        </Button>
      </Form>
    </PlainGroup>
  );
}
