// The channel order in the app. Without JavaScript (and until the drag-and-drop code has
// loaded) a plain ordered list with up/down buttons and a position field; with it, the same rows
// become draggable. Every move saves the whole order with UpdateChannelOrder.
import { Card } from "#mantine/core/components/Card/Card.mjs";
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Title } from "#mantine/core/components/Title/Title.mjs";
import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, type ComponentProps, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChannelOrderRow, orderListStyle } from "./ChannelOrderRow";
import type { AppViewChannel } from "./view.server";
import { useHydrated } from "~/utils/use-hydrated";
import { PlainCard } from "~/components/plain";
import { appViewIntent } from "./intents";
import type SortableChannelListModule from "./SortableChannelList";

// Without its chunk (blocked, lost) the plain list stays: its buttons move channels without it
// (docs/decisions/046-javascript-partly-loaded.md).
const SortableChannelList = lazy(() =>
  import("./SortableChannelList").catch(() => ({ default: PlainInsteadOfSortable })),
);

function PlainChannelList({
  channels,
  total,
  canSort,
}: {
  channels: AppViewChannel[];
  total: number;
  canSort: boolean;
}) {
  return (
    <ol style={orderListStyle} data-testid="channel-order">
      {channels.map((channel) => (
        <PlainCard component="li" padding="xs" key={channel.id}>
          <ChannelOrderRow channel={channel} count={total} canSort={canSort} />
        </PlainCard>
      ))}
    </ol>
  );
}

function PlainInsteadOfSortable({ channels, total }: ComponentProps<typeof SortableChannelListModule>) {
  return <PlainChannelList channels={channels} total={total} canSort />;
}

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
  const hydrated = useHydrated();
  const mover = useFetcher();
  const saving = mover.state !== "idle";
  const plain = <PlainChannelList channels={channels} total={total} canSort={canSort} />;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="channel-order-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="channel-order-heading">
          {t("appView.order.heading")}
        </Title>
        <Text size="sm">{canSort ? t("appView.order.intro") : t("appView.order.introReadOnly")}</Text>
        <Text size="sm" role="status" aria-live="polite" c="dimmed">
          {saving ? t("appView.order.saving") : ""}
        </Text>
        {channels.length === 0 ? (
          <Text c="dimmed">{t("appView.noChannels")}</Text>
        ) : hydrated && canSort ? (
          <Suspense fallback={plain}>
            <SortableChannelList
              channels={channels}
              total={total}
              onMove={(channelId, position) =>
                mover.submit(
                  { intent: appViewIntent.moveChannel, channelId, position: String(position), respond: "data" },
                  { method: "post", preventScrollReset: true },
                )
              }
            />
          </Suspense>
        ) : (
          plain
        )}
        {children}
      </Stack>
    </Card>
  );
}
