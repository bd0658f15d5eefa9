// The system events panel: newest first, each with its type (info, warning, error) in words and
// icon, its message in the user's language, and a dismiss form; dismiss all, the Manager's
// download, and more events by paging on the server. With JavaScript a dismissal hides the
// event at once and, when 6 or fewer remain while the Manager holds more, the panel says it is
// loading more (the revalidation after the dismissal brings them).
import { Anchor } from "#mantine/core/components/Anchor/Anchor.mjs";
import { PlainAnchorButton, PlainButton } from "~/components/plain-button";
import { Card } from "#mantine/core/components/Card/Card.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Title } from "#mantine/core/components/Title/Title.mjs";
import { Link, useFetcher, useFetchers, useLocation } from "@remix-run/react";
import {
  IconAlertOctagon,
  IconAlertTriangle,
  IconDownload,
  IconHelpCircle,
  IconInfoCircle,
  IconX,
} from "~/components/icons";
import { useTranslation } from "react-i18next";
import { moreEventCount, needsTopUp, type SystemEventTypeName } from "~/domain/system-events";
import { useHydrated } from "~/utils/use-hydrated";
import { PlainCard, PlainDotBadge, PlainGroup, PlainStack, PlainText } from "~/components/plain";
import { withSearchParams } from "~/utils/url";
import { dismissAllEventsCommand, dismissEventCommand } from "./forms";

/** Once hydrated, the dismiss forms run as fetchers and ask for a data answer, not a redirect. */
function FetcherAnswer() {
  return useHydrated() ? <input type="hidden" name="respond" value="data" /> : null;
}

export interface SystemEventView {
  id: string;
  date: string;
  displayDate: string;
  type: SystemEventTypeName;
  code: string;
  parameters: Record<string, string>;
  isDismissable: boolean;
}

export interface SystemEventsView {
  items: SystemEventView[];
  total: number;
  dismissable: number;
  shown: number;
  canDismiss: boolean;
}

const typeLook = {
  info: { color: "brand", Icon: IconInfoCircle },
  warning: { color: "orange", Icon: IconAlertTriangle },
  error: { color: "red", Icon: IconAlertOctagon },
  unknown: { color: "gray", Icon: IconHelpCircle },
} as const;

export function useSystemEventMessage() {
  const { t } = useTranslation("dashboard");
  return (event: Pick<SystemEventView, "code" | "parameters">) =>
    t(`systemEvents.codes.${event.code}`, {
      ...event.parameters,
      defaultValue: t("systemEvents.unknownCode", { code: event.code, message: event.parameters.message ?? "" }),
    });
}

function SystemEventItem({ event, shown, canDismiss }: { event: SystemEventView; shown: number; canDismiss: boolean }) {
  const { t } = useTranslation("dashboard");
  const fetcher = useFetcher();
  const message = useSystemEventMessage()(event);
  const { color, Icon } = typeLook[event.type];
  return (
    <PlainCard component="li" padding="sm" data-testid="system-event">
      <PlainGroup justify="space-between" align="flex-start" wrap="nowrap">
        <PlainGroup gap="sm" align="flex-start" wrap="nowrap">
          <Icon size={22} aria-hidden="true" color={`var(--mantine-color-${color}-7)`} />
          <PlainStack gap={2}>
            <PlainGroup gap="xs">
              <PlainDotBadge color={color}>{t(`systemEvents.types.${event.type}`)}</PlainDotBadge>
              <PlainText size="sm" dimmed component="time" dateTime={event.date}>
                {event.displayDate}
              </PlainText>
            </PlainGroup>
            <PlainText>{message}</PlainText>
          </PlainStack>
        </PlainGroup>
        {canDismiss && event.isDismissable ? (
          <fetcher.Form method="post" preventScrollReset>
            <input type="hidden" name="eventId" value={event.id} />
            <input type="hidden" name="events" value={shown} />
            <FetcherAnswer />
            <PlainButton
              type="submit"
              name="intent"
              value={dismissEventCommand.intent}
              variant="subtle"
              size="xs"
              leftSection={<IconX size={14} aria-hidden="true" />}
              aria-label={t("systemEvents.dismissOne", { message })}
            >
              {t("systemEvents.dismiss")}
            </PlainButton>
          </fetcher.Form>
        ) : null}
      </PlainGroup>
    </PlainCard>
  );
}

export function SystemEventsPanel({ items, total, dismissable, shown, canDismiss }: SystemEventsView) {
  const { t } = useTranslation("dashboard");
  const location = useLocation();
  const dismissAllFetcher = useFetcher();
  // Dismissals under way: their events leave the panel at once.
  const pending = useFetchers().filter((fetcher) => fetcher.formData);
  const dismissing = new Set(
    pending
      .filter((fetcher) => fetcher.formData!.get("intent") === dismissEventCommand.intent)
      .map((fetcher) => String(fetcher.formData!.get("eventId"))),
  );
  const dismissingAll = pending.some((fetcher) => fetcher.formData!.get("intent") === dismissAllEventsCommand.intent);
  const visible = items.filter((event) => !dismissing.has(event.id) && !(dismissingAll && event.isDismissable));
  const remaining = total - (items.length - visible.length);
  const loadingMore = visible.length < items.length && needsTopUp(visible.length, remaining);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="system-events-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <div>
            <Title order={2} size="h3" id="system-events-heading">
              {t("systemEvents.heading")}
            </Title>
            <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="system-events-summary">
              {loadingMore
                ? t("systemEvents.loadingMore")
                : t("systemEvents.summary", { shown: visible.length, count: remaining })}
            </Text>
          </div>
          <Group gap="sm">
            {/* No `download` attribute: the Manager's file comes as an attachment anyway, and a
                failed download must lead back here to its message, not be saved as the page. */}
            <PlainAnchorButton
              href="/systemEvents/download"
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
            >
              {t("systemEvents.download")}
            </PlainAnchorButton>
            {canDismiss ? (
              <dismissAllFetcher.Form method="post" preventScrollReset>
                <input type="hidden" name="events" value={shown} />
                <FetcherAnswer />
                <PlainButton
                  type="submit"
                  name="intent"
                  value={dismissAllEventsCommand.intent}
                  variant="default"
                  disabled={dismissable === 0 || dismissingAll}
                >
                  {t("systemEvents.dismissAll")}
                </PlainButton>
              </dismissAllFetcher.Form>
            ) : null}
          </Group>
        </Group>
        {visible.length > 0 ? (
          <Stack
            component="ol"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: "none" }}
            aria-labelledby="system-events-heading"
          >
            {visible.map((event) => (
              <SystemEventItem key={event.id} event={event} shown={shown} canDismiss={canDismiss} />
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">{t("systemEvents.empty")}</Text>
        )}
        {total > items.length ? (
          <Anchor
            component={Link}
            to={withSearchParams(location, { events: moreEventCount(shown) })}
            preventScrollReset
          >
            {t("systemEvents.more")}
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  );
}
