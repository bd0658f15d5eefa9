// The flash message of the last action: a banner in the page without JavaScript; once hydrated,
// a notification that closes after 6000 ms (spec: error toast timeout).
import { notifications } from "#mantine/notifications/notifications.store.mjs";
import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotificationsUnavailable } from "~/components/notifications-availability";
import type { loader as rootLoader } from "~/root";
import { useHydrated } from "~/utils/use-hydrated";
import { Alert } from "~/components/ui/alert";

const colors = { success: "green", error: "red", info: "brand" } as const;

export function FlashMessage() {
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash ?? null;
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const notificationsUnavailable = useNotificationsUnavailable();
  const [shownAsNotification, setShownAsNotification] = useState<string | null>(null);

  useEffect(() => {
    if (!hydrated || !flash || shownAsNotification === flash.id) return;
    notifications.show({
      id: flash.id,
      color: colors[flash.kind],
      message: t(flash.message, flash.values),
      autoClose: 6000,
      withBorder: true,
      closeButtonProps: { "aria-label": t("notifications.close") },
    });
    setShownAsNotification(flash.id);
  }, [hydrated, flash, shownAsNotification, t]);

  // Once hydrated the notification alone shows it, also in the render before the effect runs;
  // without the notification stack the banner stays.
  if (!flash || (hydrated && !notificationsUnavailable)) return null;
  return (
    <Alert
      color={colors[flash.kind]}
      variant="light"
      role={flash.kind === "error" ? "alert" : "status"}
      mb="md"
      data-testid="flash-message"
    >
      {t(flash.message, flash.values)}
    </Alert>
  );
}
