// The open alerts at the top of every page (issue 36, item 3): how many, the newest few in words,
// and the way to the list. The server renders it with each page; with JavaScript it follows the
// alerts without a reload, asking again every 15 seconds while the page is visible and after each
// navigation (the shell's own data is not reloaded on navigations).
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { AlertBarData } from "~/alerts/rows";
import { alertWhat } from "~/components/alerts/words";
import { Alert } from "~/components/ui/alert";
import { LinkAnchor } from "~/components/ui/anchor";
import { List } from "~/components/ui/list";
import { Text } from "~/components/ui/text";

const followEveryMs = 15_000;

export function AlertBar({ initial }: { initial: AlertBarData | null }) {
  const { t } = useTranslation("alerts");
  const fetcher = useFetcher<{ bar: AlertBarData | null }>();
  const location = useLocation();
  const following = initial !== null;

  // The page came with the bar as it was; a navigation on the client does not bring it again.
  const firstLocation = useRef(location.key);
  useEffect(() => {
    if (!following) return;
    if (location.key !== firstLocation.current) fetcher.load("/alerts/bar");
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") fetcher.load("/alerts/bar");
    }, followEveryMs);
    return () => clearInterval(timer);
    // fetcher.load is stable in Remix v2; a navigation asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [following, location.key]);

  const bar = fetcher.data ? fetcher.data.bar : initial;
  if (!bar || bar.count === 0) return null;
  const more = bar.count - bar.first.length;
  return (
    <Alert color="red" role="status" title={t("bar.count", { count: bar.count })} mb="md" data-testid="alert-bar">
      <List size="sm">
        {bar.first.map((alert) => (
          <li key={alert.id}>
            {alertWhat(t, alert)} · {t("bar.since", { time: alert.sinceText })}
          </li>
        ))}
      </List>
      <Text size="sm">
        {more > 0 ? `${t("bar.more", { count: more })} · ` : null}
        <LinkAnchor to="/alerts" size="sm">
          {t("bar.view")}
        </LinkAnchor>
      </Text>
    </Alert>
  );
}
