// A channel's properties as short labels (moderation list, app view): text, never colour alone.
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { DotBadge, type BadgeColor } from "~/components/ui/badge";
import { Group } from "~/components/ui/group";

export interface ChannelPropertyFlags {
  uplinkEnabled: boolean;
  uplinkUnmuted: boolean;
  isQueueEnabled: boolean;
  hasPin: boolean;
  isHidden: boolean;
  isEnabled: boolean;
}

export function ChannelProperties({ channel }: { channel: ChannelPropertyFlags }) {
  const { t } = useTranslation("moderation");
  return <ChannelPropertyBadges channel={channel} t={t} />;
}

/** The same, with the list's `t` of the "moderation" namespace: no hook per row. */
export function ChannelPropertyBadges({ channel, t }: { channel: ChannelPropertyFlags; t: TFunction }) {
  const labels: Array<{ key: string; color: BadgeColor }> = [];
  if (channel.uplinkEnabled) {
    labels.push({
      key: channel.uplinkUnmuted ? "audienceMicOpen" : "audienceMicMuted",
      color: channel.uplinkUnmuted ? "green" : "orange",
    });
    if (channel.isQueueEnabled) labels.push({ key: "queue", color: "brand" });
  }
  if (channel.hasPin) labels.push({ key: "pin", color: "violet" });
  if (channel.isHidden) labels.push({ key: "hidden", color: "gray" });
  if (!channel.isEnabled) labels.push({ key: "disabled", color: "red" });
  if (labels.length === 0) return null;
  return (
    <Group gap={4}>
      {labels.map(({ key, color }) => (
        <DotBadge key={key} color={color}>
          {t(`properties.${key}`)}
        </DotBadge>
      ))}
    </Group>
  );
}
