// One channel in the order list: its position, name (opening the channel overlay), station and
// group, properties, and the move controls — up/down buttons, and without JavaScript a position
// field. Each control is a form posting the target position (harmless when sent twice).
import { ActionIcon } from "#mantine/core/components/ActionIcon/ActionIcon.mjs";
import { Anchor } from "#mantine/core/components/Anchor/Anchor.mjs";
import { Button } from "#mantine/core/components/Button/Button.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { TextInput } from "#mantine/core/components/TextInput/TextInput.mjs";
import { Form, Link, useLocation } from "@remix-run/react";
import { IconArrowDown, IconArrowUp } from "~/components/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { channelParam, qrParam } from "./url-state";
import type { AppViewChannel } from "./view.server";
import { ChannelProperties } from "~/components/ChannelProperties";
import { withSearchParams } from "~/utils/url";
import { appViewIntent } from "./intents";

/** The order list: an <ol> whose items are cards. */
export const orderListStyle = {
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "flex",
  flexDirection: "column",
  gap: 6,
} as const;

function MoveForm({ channelId, position, children }: { channelId: string; position: number; children: ReactNode }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="channelId" value={channelId} />
      <input type="hidden" name="position" value={position} />
      {children}
    </Form>
  );
}

export function MoveControls({ channel, count }: { channel: AppViewChannel; count: number }) {
  const { t } = useTranslation("moderation");
  const first = channel.position === 1;
  const last = channel.position === count;
  return (
    <Group gap={4} wrap="nowrap">
      <MoveForm channelId={channel.id} position={channel.position - 1}>
        <ActionIcon
          type="submit"
          name="intent"
          value={appViewIntent.moveChannel}
          variant="default"
          size="lg"
          disabled={first}
          aria-label={t("appView.order.moveUp", { name: channel.name })}
        >
          <IconArrowUp size={16} aria-hidden="true" />
        </ActionIcon>
      </MoveForm>
      <MoveForm channelId={channel.id} position={channel.position + 1}>
        <ActionIcon
          type="submit"
          name="intent"
          value={appViewIntent.moveChannel}
          variant="default"
          size="lg"
          disabled={last}
          aria-label={t("appView.order.moveDown", { name: channel.name })}
        >
          <IconArrowDown size={16} aria-hidden="true" />
        </ActionIcon>
      </MoveForm>
      <Form method="post" preventScrollReset className="no-js-only">
        <input type="hidden" name="channelId" value={channel.id} />
        <Group gap={4} wrap="nowrap">
          <TextInput
            name="position"
            type="number"
            min={1}
            max={count}
            defaultValue={String(channel.position)}
            aria-label={t("appView.order.positionOf", { name: channel.name })}
            w={72}
          />
          <Button
            type="submit"
            name="intent"
            value={appViewIntent.moveChannel}
            variant="default"
            aria-label={t("appView.order.moveToNamed", { name: channel.name })}
          >
            {t("appView.order.moveTo")}
          </Button>
        </Group>
      </Form>
    </Group>
  );
}

export function ChannelOrderRow({
  channel,
  count,
  canSort,
  dragHandle,
}: {
  channel: AppViewChannel;
  count: number;
  canSort: boolean;
  dragHandle?: ReactNode;
}) {
  const { t } = useTranslation("moderation");
  const location = useLocation();
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" data-testid="order-row">
      <Group gap="sm" wrap="nowrap" align="center">
        {dragHandle}
        <Text fw={700} w="2.5ch" ta="right" aria-hidden="true">
          {channel.position}
        </Text>
        <Stack gap={0}>
          <Anchor
            component={Link}
            to={withSearchParams(location, { [channelParam]: channel.id, [qrParam]: null })}
            preventScrollReset
            fw={600}
          >
            <span className="visually-hidden">{t("appView.order.positionLabel", { position: channel.position })} </span>
            {channel.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {channel.station} · {channel.group ?? t("appView.ungrouped.label")}
          </Text>
        </Stack>
        <ChannelProperties channel={channel} />
      </Group>
      {canSort ? <MoveControls channel={channel} count={count} /> : null}
    </Group>
  );
}
