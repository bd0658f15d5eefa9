// One channel in the order list: its position, name (opening the channel overlay), station and
// group, properties, and the move controls — up/down buttons and a position field. The field
// stays with JavaScript too: typing a position is the short way across a long list on a touch
// screen, and a field that vanished at hydration moved every row below it (the App view's layout
// shift, docs/decisions/047-performance-budget-and-upgrade-checklist.md#live-updates-after-load). Each control is a form posting the target position
// (harmless when sent twice). A page of rows repeats the layout, texts, links, icon buttons and
// position fields (the kit's plain elements), texts looked up once per list (./row-texts).
import { Form, useLocation } from "@remix-run/react";
import { IconArrowDown, IconArrowUp } from "~/components/icons";
import type { ReactNode } from "react";
import { channelParam, qrParam } from "./url-state";
import type { AppViewRowTexts } from "./row-texts";
import type { AppViewChannel } from "./view.server";
import { ChannelPropertyBadges } from "~/components/ChannelProperties";
import { withSearchParams } from "~/utils/url";
import { moveChannelCommand } from "./forms";
import { ActionIcon } from "~/components/ui/action-icon";
import { LinkAnchor } from "~/components/ui/anchor";
import { Button } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { TextInput } from "~/components/ui/text-input";

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

/** What every row of the channel order is given: its channel, the list's length and texts. */
export interface ChannelRowProps {
  channel: AppViewChannel;
  count: number;
  texts: AppViewRowTexts;
}

export function MoveControls({ channel, count, texts }: ChannelRowProps) {
  const first = channel.position === 1;
  const last = channel.position === count;
  return (
    <Group gap={4} wrap="nowrap">
      <MoveForm channelId={channel.id} position={channel.position - 1}>
        <ActionIcon
          type="submit"
          name="intent"
          value={moveChannelCommand.intent}
          variant="default"
          size="lg"
          disabled={first}
          aria-label={texts.moveUp({ name: channel.name })}
        >
          <IconArrowUp size={16} aria-hidden="true" />
        </ActionIcon>
      </MoveForm>
      <MoveForm channelId={channel.id} position={channel.position + 1}>
        <ActionIcon
          type="submit"
          name="intent"
          value={moveChannelCommand.intent}
          variant="default"
          size="lg"
          disabled={last}
          aria-label={texts.moveDown({ name: channel.name })}
        >
          <IconArrowDown size={16} aria-hidden="true" />
        </ActionIcon>
      </MoveForm>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="channelId" value={channel.id} />
        <Group gap={4} wrap="nowrap">
          <TextInput
            name="position"
            type="number"
            min={1}
            max={count}
            defaultValue={String(channel.position)}
            aria-label={texts.positionOf({ name: channel.name })}
            w={72}
          />
          <Button
            type="submit"
            name="intent"
            value={moveChannelCommand.intent}
            variant="default"
            aria-label={texts.moveToNamed({ name: channel.name })}
          >
            {texts.moveTo}
          </Button>
        </Group>
      </Form>
    </Group>
  );
}

const positionStyle = { fontWeight: 700, textAlign: "right", width: "2.5ch" } as const;
const nameStyle = { fontWeight: 600 };

export function ChannelOrderRow({
  channel,
  count,
  canSort,
  texts,
  dragHandle,
}: ChannelRowProps & { canSort: boolean; dragHandle?: ReactNode }) {
  const location = useLocation();
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" data-testid="order-row">
      <Group gap="sm" wrap="nowrap" align="center">
        {dragHandle}
        <Text style={positionStyle} aria-hidden="true">
          {channel.position}
        </Text>
        <Stack gap={0}>
          <LinkAnchor
            style={nameStyle}
            to={withSearchParams(location, { [channelParam]: channel.id, [qrParam]: null })}
            preventScrollReset
          >
            <span className="visually-hidden">{texts.positionLabel({ position: channel.position })} </span>
            {channel.name}
          </LinkAnchor>
          <Text size="sm" dimmed>
            {channel.station} · {channel.group ?? texts.ungrouped}
          </Text>
        </Stack>
        <ChannelPropertyBadges channel={channel} t={texts.t} />
      </Group>
      {canSort ? <MoveControls channel={channel} count={count} texts={texts} /> : null}
    </Group>
  );
}
