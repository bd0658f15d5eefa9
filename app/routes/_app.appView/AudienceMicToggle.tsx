// Mute or unmute a channel's audience mic: a form that carries the state it asks for, so sending
// it twice is harmless. The one control a Moderator has on the App view.
import { Badge } from "#mantine/core/components/Badge/Badge.mjs";
import { Button } from "#mantine/core/components/Button/Button.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Form, useNavigation } from "@remix-run/react";
import { IconMicrophone, IconMicrophoneOff } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { appViewIntent } from "./intents";

export function AudienceMicToggle({ channel }: { channel: { id: string; name: string; uplinkUnmuted: boolean } }) {
  const { t } = useTranslation("moderation");
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === appViewIntent.setAudienceMicMuted &&
    navigation.formData.get("channelId") === channel.id;
  const mute = channel.uplinkUnmuted;
  return (
    <Group gap="sm" wrap="nowrap">
      <Badge color={mute ? "green" : "orange"} variant="dot" radius="sm">
        {mute ? t("appView.audienceMic.open") : t("appView.audienceMic.muted")}
      </Badge>
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
    </Group>
  );
}
