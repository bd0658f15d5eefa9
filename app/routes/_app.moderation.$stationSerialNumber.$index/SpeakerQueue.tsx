// The speaker queue: who has the audience mic, the moderator's forms — Next speaker (carrying
// the speaker the moderator saw), mute/unmute (carrying the target state) and clear (confirmed
// first, as URL state) — and then who waits, in order. The actions come before the waiting list
// so that on a 600 px kiosk Next speaker stays on the first screen however long the queue is.
import { Form, useNavigation } from "@remix-run/react";
import { IconMicrophone, IconMicrophoneOff, IconPlayerTrackNext, IconTrash } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { ConfirmDialog, ConfirmLink } from "~/components/ConfirmDialog";
import { canTakeNextSpeaker, currentSpeaker, waitingSpeakers } from "~/domain/speaker-queue";
import { clearSpeakersCommand, muteSpeakerCommand, nextSpeakerCommand } from "./forms";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Group } from "~/components/ui/group";
import { List } from "~/components/ui/list";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

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
          <Text dimmed>{t("queue.queueOff")}</Text>
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
                <Text size="sm" dimmed>
                  {t("queue.requestedAt", { time: speaker.requestedAt })}
                </Text>
              </Group>
              {canEdit ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="speakerIndex" value={speaker.index} />
                  <input type="hidden" name="mute" value={speaker.isMuted ? "false" : "true"} />
                  <Button
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
                  </Button>
                </Form>
              ) : null}
            </Group>
          ) : (
            <Text dimmed>{t("queue.nobodySpeaking")}</Text>
          )}
        </Stack>

        {canEdit ? (
          <Group gap="sm">
            <Form method="post" preventScrollReset>
              <input type="hidden" name="seenSpeaker" value={speaker ? String(speaker.index) : ""} />
              <Button
                type="submit"
                name="intent"
                value={nextSpeakerCommand.intent}
                disabled={!canTakeNextSpeaker(channel.speakers)}
                loading={nextSubmitting}
                leftSection={<IconPlayerTrackNext size={16} aria-hidden="true" />}
              >
                {t("queue.nextSpeaker")}
              </Button>
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
              <Button color="red" variant="light" disabled leftSection={<IconTrash size={16} aria-hidden="true" />}>
                {t("queue.clearSpeakers")}
              </Button>
            )}
          </Group>
        ) : null}
        <Stack gap="xs" component="section" aria-labelledby="waiting-heading">
          <Title order={3} size="h4" id="waiting-heading">
            {t("queue.waiting")}
          </Title>
          {waiting.length > 0 ? (
            <List ordered spacing={4} data-testid="waiting-list">
              {waiting.map((entry) => (
                <li key={entry.index}>
                  <Text component="span" fw={600}>
                    {entry.displayName}
                  </Text>{" "}
                  <Text component="span" size="sm" dimmed>
                    {t("queue.requestedAt", { time: entry.requestedAt })}
                  </Text>
                </li>
              ))}
            </List>
          ) : (
            <Text dimmed>{t("queue.nobodyWaiting")}</Text>
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
