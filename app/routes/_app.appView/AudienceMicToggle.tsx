// Mute or unmute a channel's audience mic: a form that carries the state it asks for, so sending
// it twice is harmless. The one control a Moderator has on the App view.
import { Form, useNavigation } from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";
import { IconMicrophone, IconMicrophoneOff } from "~/components/icons";
import { setAudienceMicMutedCommand } from "./forms";
import type { AppViewRowTexts } from "./row-texts";
import { Button } from "~/components/ui/button";
import { DotBadge } from "~/components/ui/badge";
import { Group } from "~/components/ui/group";

/** The channel whose mute or unmute is being submitted, if any. */
const SubmittingMic = createContext<string | null>(null);

/**
 * One navigation subscription for a list of toggles: `useNavigation` re-renders its component on
 * every change of the router's state (each revalidation, each fetcher), and a page of stations
 * has dozens of toggles; through the context they render again only when a submission of theirs
 * starts or ends.
 */
export function AudienceMicSubmissions({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === setAudienceMicMutedCommand.intent
      ? String(navigation.formData.get("channelId"))
      : null;
  return <SubmittingMic.Provider value={submitting}>{children}</SubmittingMic.Provider>;
}

export function AudienceMicToggle({
  channel,
  texts,
}: {
  channel: { id: string; name: string; uplinkUnmuted: boolean };
  texts: AppViewRowTexts;
}) {
  const submitting = useContext(SubmittingMic) === channel.id;
  const mute = channel.uplinkUnmuted;
  return (
    <Group gap="sm" wrap="nowrap">
      <DotBadge color={mute ? "green" : "orange"}>{mute ? texts.micOpen : texts.micMuted}</DotBadge>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="channelId" value={channel.id} />
        <input type="hidden" name="muted" value={mute ? "true" : "false"} />
        <Button
          type="submit"
          name="intent"
          value={setAudienceMicMutedCommand.intent}
          size="xs"
          variant="default"
          loading={submitting}
          aria-label={(mute ? texts.muteNamed : texts.unmuteNamed)({ name: channel.name })}
          leftSection={
            mute ? <IconMicrophoneOff size={14} aria-hidden="true" /> : <IconMicrophone size={14} aria-hidden="true" />
          }
        >
          {mute ? texts.mute : texts.unmute}
        </Button>
      </Form>
    </Group>
  );
}
