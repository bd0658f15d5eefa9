// Moderating one channel: heading, the speaker queue and the channel's moderation settings.
import type { SubmissionResult } from "@conform-to/react";
import { IconArrowLeft } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { ChannelSettingsForm } from "./ChannelSettingsForm";
import type { FormConstraint } from "~/components/lazy-form";
import { RefreshLink } from "~/components/RefreshLink";
import { SpeakerQueue, type QueueSpeakerView } from "./SpeakerQueue";
import { LinkAnchor } from "~/components/ui/anchor";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export interface ModerationChannelView {
  name: string;
  channelId: string;
  station: string;
  stationSerialNumber: string;
  index: number;
  pinCode: string | null;
  uplinkEnabled: boolean;
  uplinkUnmuted: boolean;
  isQueueEnabled: boolean;
  listenerCount: number;
  speakers: QueueSpeakerView[];
}

export function ModerationDetails({
  channel,
  canEdit,
  constraint,
  lastResult,
}: {
  channel: ModerationChannelView;
  canEdit: boolean;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("moderation");
  return (
    <Stack gap="lg">
      <LinkAnchor to="/moderation" size="sm" style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden="true" />
        {t("details.backToList")}
      </LinkAnchor>
      <Stack gap={4}>
        <Title order={1}>{channel.name}</Title>
        <Group gap="lg">
          <Text dimmed>{t("details.station", { station: channel.station })}</Text>
          <Text dimmed>{t("details.channelId", { channelId: channel.channelId })}</Text>
          <Text dimmed>{t("details.listeners", { count: channel.listenerCount })}</Text>
          <RefreshLink />
        </Group>
      </Stack>
      <SpeakerQueue channel={channel} canEdit={canEdit} />
      <ChannelSettingsForm channel={channel} canEdit={canEdit} constraint={constraint} lastResult={lastResult} />
    </Stack>
  );
}
