// The channel order in the app. Without JavaScript (and until the drag-and-drop code has
// loaded) a plain ordered list with up/down buttons and a position field; with it, the same rows
// become draggable. Every move saves the whole order with UpdateChannelOrder.
import { useFetcher } from "@remix-run/react";
import { memo, startTransition, useCallback, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChannelOrderRow, orderListStyle } from "./ChannelOrderRow";
import { useAppViewRowTexts } from "./row-texts";
import type { AppViewChannel } from "./view.server";
import { moveChannelCommand } from "./forms";
import type SortableChannelListModule from "./SortableChannelList";
import { whenIdle } from "~/utils/when-idle";
import { Card } from "~/components/ui/card";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

type SortableChannelList = ComponentType<Parameters<typeof SortableChannelListModule>[0]>;

/**
 * dnd-kit, once the page is idle after hydration: the rows are swapped for draggable ones once,
 * when the module is there, in a transition (a lazy component would first remount the plain list as
 * its fallback, all within hydration's long tasks). Without its chunk (blocked, lost) the plain
 * list stays: its buttons move channels without it (docs/decisions/046-javascript-partly-loaded.md,
 * docs/decisions/047-performance-budget-and-upgrade-checklist.md#live-updates-after-load).
 */
function useSortableChannelList(wanted: boolean): SortableChannelList | null {
  const [component, setComponent] = useState<SortableChannelList | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    const cancel = whenIdle(() => {
      import("./SortableChannelList").then(
        // A transition: React renders the fifty draggable rows in slices, between other work.
        (module) => current && startTransition(() => setComponent(() => memo(module.default))),
        () => {},
      );
    });
    return () => {
      current = false;
      cancel();
    };
  }, [wanted]);
  return component;
}

// Memoized, as the sortable one: the card re-renders whenever a fetcher or a revalidation changes
// the router's state, and its rows need not.
const PlainChannelList = memo(function PlainChannelList({
  channels,
  total,
  canSort,
}: {
  channels: AppViewChannel[];
  total: number;
  canSort: boolean;
}) {
  const texts = useAppViewRowTexts();
  return (
    <ol style={orderListStyle} data-testid="channel-order">
      {channels.map((channel) => (
        <Card withBorder component="li" padding="xs" key={channel.id}>
          <ChannelOrderRow channel={channel} count={total} canSort={canSort} texts={texts} />
        </Card>
      ))}
    </ol>
  );
});

export function ChannelOrder({
  channels,
  total,
  canSort,
  children,
}: {
  /** The channels of the page shown, with their positions in the whole app. */
  channels: AppViewChannel[];
  total: number;
  canSort: boolean;
  /** The page links. */
  children?: ReactNode;
}) {
  const { t } = useTranslation("moderation");
  const SortableChannelList = useSortableChannelList(canSort && channels.length > 0);
  const mover = useFetcher();
  const saving = mover.state !== "idle";
  const { submit } = mover;
  const move = useCallback(
    (channelId: string, position: number) =>
      submit(
        { intent: moveChannelCommand.intent, channelId, position: String(position), respond: "data" },
        { method: "post", preventScrollReset: true },
      ),
    [submit],
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="channel-order-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="channel-order-heading">
          {t("appView.order.heading")}
        </Title>
        <Text size="sm">{canSort ? t("appView.order.intro") : t("appView.order.introReadOnly")}</Text>
        <Text size="sm" role="status" aria-live="polite" dimmed>
          {saving ? t("appView.order.saving") : ""}
        </Text>
        {channels.length === 0 ? (
          <Text dimmed>{t("appView.noChannels")}</Text>
        ) : SortableChannelList && canSort ? (
          <SortableChannelList channels={channels} total={total} onMove={move} />
        ) : (
          <PlainChannelList channels={channels} total={total} canSort={canSort} />
        )}
        {children}
      </Stack>
    </Card>
  );
}
