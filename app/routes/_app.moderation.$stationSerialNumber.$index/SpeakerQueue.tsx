// The speaker queue: who has the audience mic, the moderator's forms — Next speaker (carrying
// the speaker the moderator saw), mute/unmute (carrying the target state) and clear (confirmed
// first, as URL state) — and then who waits, in order. The actions come before the waiting list
// so that on a 600 px kiosk Next speaker stays on the first screen however long the queue is.
import { Alert } from "#mantine/core/components/Alert/Alert.mjs";
import { Badge } from "#mantine/core/components/Badge/Badge.mjs";
import { PlainButton } from "~/components/plain-button";
import { Card } from "#mantine/core/components/Card/Card.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { List } from "#mantine/core/components/List/List.mjs";
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Title } from "#mantine/core/components/Title/Title.mjs";
import { Form, useNavigation } from "@remix-run/react";
import { IconMicrophone, IconMicrophoneOff, IconPlayerTrackNext, IconTrash } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { ConfirmDialog, ConfirmLink } from "~/components/ConfirmDialog";
import { canTakeNextSpeaker, currentSpeaker, waitingSpeakers } from "~/domain/speaker-queue";
import { clearSpeakersCommand, muteSpeakerCommand, nextSpeakerCommand } from "./forms";

export interface QueueSpeakerView {
  index: number;
  displayName: string;
  isSpeaking: boolean;
  isMuted: boolean;
  /** Already formatted for display. */
  requestedAt: string;
}

interface QueueChannel {
  uplinkEnabled: boolean;
  isQueueEnabled: boolean;
  speakers: QueueSpeakerView[];
}

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function SpeakerQueue({ channel, canEdit }: { channel: QueueChannel; canEdit: boolean }) {
  const { t } = useTranslation("moderation");
  const speaker = currentSpeaker(channel.speakers);
  const waiting = waitingSpeakers(channel.speakers);
  const nextSubmitting = useSubmitting(nextSpeakerCommand.intent);
  const muteSubmitting = useSubmitting(muteSpeakerCommand.intent);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="queue-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="queue-heading">
            {t("queue.heading")}
          </Title>
          <Text role="status" aria-live="polite" data-testid="queue-status">
            {t("queue.waitingCount", { count: waiting.length })}
          </Text>
        </Group>
        {!channel.uplinkEnabled ? (
          <Alert color="gray" variant="light">
            {t("queue.audienceMicOff")}
          </Alert>
        ) : !channel.isQueueEnabled ? (
          <Text c="dimmed">{t("queue.queueOff")}</Text>
        ) : null}

        <Stack gap="xs" aria-labelledby="speaker-heading" component="section">
          <Title order={3} size="h4" id="speaker-heading">
            {t("queue.speakingNow")}
          </Title>
          {speaker ? (
            <Group justify="space-between" wrap="wrap" data-testid="current-speaker">
              <Group gap="sm">
                {speaker.isMuted ? (
                  <IconMicrophoneOff size={20} aria-hidden="true" />
                ) : (
                  <IconMicrophone size={20} aria-hidden="true" />
                )}
                <Text fw={700}>{speaker.displayName}</Text>
                <Badge color={speaker.isMuted ? "orange" : "green"} variant="light">
                  {speaker.isMuted ? t("queue.muted") : t("queue.live")}
                </Badge>
                <Text size="sm" c="dimmed">
                  {t("queue.requestedAt", { time: speaker.requestedAt })}
                </Text>
              </Group>
              {canEdit ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="speakerIndex" value={speaker.index} />
                  <input type="hidden" name="mute" value={speaker.isMuted ? "false" : "true"} />
                  <PlainButton
                    type="submit"
                    name="intent"
                    value={muteSpeakerCommand.intent}
                    variant="default"
                    loading={muteSubmitting}
                    leftSection={
                      speaker.isMuted ? (
                        <IconMicrophone size={16} aria-hidden="true" />
                      ) : (
                        <IconMicrophoneOff size={16} aria-hidden="true" />
                      )
                    }
                  >
                    {speaker.isMuted ? t("queue.unmuteSpeaker") : t("queue.muteSpeaker")}
                  </PlainButton>
                </Form>
              ) : null}
            </Group>
          ) : (
            <Text c="dimmed">{t("queue.nobodySpeaking")}</Text>
          )}
        </Stack>

        {canEdit ? (
          <Group gap="sm">
            <Form method="post" preventScrollReset>
              <input type="hidden" name="seenSpeaker" value={speaker ? String(speaker.index) : ""} />
              <PlainButton
                type="submit"
                name="intent"
                value={nextSpeakerCommand.intent}
                disabled={!canTakeNextSpeaker(channel.speakers)}
                loading={nextSubmitting}
                leftSection={<IconPlayerTrackNext size={16} aria-hidden="true" />}
              >
                {t("queue.nextSpeaker")}
              </PlainButton>
            </Form>
            {channel.speakers.length > 0 ? (
              <ConfirmLink
                name="clearSpeakers"
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
              >
                {t("queue.clearSpeakers")}
              </ConfirmLink>
            ) : (
              <PlainButton
                color="red"
                variant="light"
                disabled
                leftSection={<IconTrash size={16} aria-hidden="true" />}
              >
                {t("queue.clearSpeakers")}
              </PlainButton>
            )}
          </Group>
        ) : null}
        <Stack gap="xs" component="section" aria-labelledby="waiting-heading">
          <Title order={3} size="h4" id="waiting-heading">
            {t("queue.waiting")}
          </Title>
          {waiting.length > 0 ? (
            <List type="ordered" spacing={4} data-testid="waiting-list">
              {waiting.map((entry) => (
                <List.Item key={entry.index}>
                  <Text span fw={600}>
                    {entry.displayName}
                  </Text>{" "}
                  <Text span size="sm" c="dimmed">
                    {t("queue.requestedAt", { time: entry.requestedAt })}
                  </Text>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text c="dimmed">{t("queue.nobodyWaiting")}</Text>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        name="clearSpeakers"
        title={t("queue.clearConfirmTitle")}
        confirmLabel={t("queue.clearSpeakers")}
        intent={clearSpeakersCommand.intent}
        color="red"
      >
        {t("queue.clearConfirmMessage")}
      </ConfirmDialog>
    </Card>
  );
}
