// The system events panel: newest first, each with its type (info, warning, error) in words and
// icon, its message in the user's language, and a dismiss form; dismiss all, the Manager's
// download, and more events by paging on the server. With JavaScript a dismissal hides the
// event at once and, when 6 or fewer remain while the Manager holds more, the panel says it is
// loading more (the revalidation after the dismissal brings them).
import { useFetcher, useFetchers, useLocation } from "@remix-run/react";
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
import { withSearchParams } from "~/utils/url";
import { dismissAllEventsCommand, dismissEventCommand } from "./forms";
import { LinkAnchor } from "~/components/ui/anchor";
import { AnchorButton, Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DotBadge } from "~/components/ui/badge";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

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
    <Card withBorder component="li" padding="sm" data-testid="system-event">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <Icon size={22} aria-hidden="true" color={`var(--mantine-color-${color}-7)`} />
          <Stack gap={2}>
            <Group gap="xs">
              <DotBadge color={color}>{t(`systemEvents.types.${event.type}`)}</DotBadge>
              <Text size="sm" dimmed component="time" dateTime={event.date}>
                {event.displayDate}
              </Text>
            </Group>
            <Text>{message}</Text>
          </Stack>
        </Group>
        {canDismiss && event.isDismissable ? (
          <fetcher.Form method="post" preventScrollReset>
            <input type="hidden" name="eventId" value={event.id} />
            <input type="hidden" name="events" value={shown} />
            <FetcherAnswer />
            <Button
              type="submit"
              name="intent"
              value={dismissEventCommand.intent}
              variant="subtle"
              size="xs"
              leftSection={<IconX size={14} aria-hidden="true" />}
              aria-label={t("systemEvents.dismissOne", { message })}
            >
              {t("systemEvents.dismiss")}
            </Button>
          </fetcher.Form>
        ) : null}
      </Group>
    </Card>
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
            <Text size="sm" dimmed role="status" aria-live="polite" data-testid="system-events-summary">
              {loadingMore
                ? t("systemEvents.loadingMore")
                : t("systemEvents.summary", { shown: visible.length, count: remaining })}
            </Text>
          </div>
          <Group gap="sm">
            {/* No `download` attribute: the Manager's file comes as an attachment anyway, and a
                failed download must lead back here to its message, not be saved as the page. */}
            <AnchorButton
              href="/systemEvents/download"
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
            >
              {t("systemEvents.download")}
            </AnchorButton>
            {canDismiss ? (
              <dismissAllFetcher.Form method="post" preventScrollReset>
                <input type="hidden" name="events" value={shown} />
                <FetcherAnswer />
                <Button
                  type="submit"
                  name="intent"
                  value={dismissAllEventsCommand.intent}
                  variant="default"
                  disabled={dismissable === 0 || dismissingAll}
                >
                  {t("systemEvents.dismissAll")}
                </Button>
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
          <Text dimmed>{t("systemEvents.empty")}</Text>
        )}
        {total > items.length ? (
          <LinkAnchor to={withSearchParams(location, { events: moreEventCount(shown) })} preventScrollReset>
            {t("systemEvents.more")}
          </LinkAnchor>
        ) : null}
      </Stack>
    </Card>
  );
}
