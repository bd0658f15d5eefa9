// Pages that watch live state offer a refresh link to browsers without JavaScript (DESIGN.md §4
// "Live updates"); once hydrated, live updates make it unnecessary and it is hidden — keeping its
// room, so the page does not move when it hydrates (docs/decisions/073-no-layout-shift.md).
import { useLocation } from "@remix-run/react";
import { IconRefresh } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { Anchor } from "~/components/ui/anchor";

export function RefreshLink() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Anchor
      href={`${location.pathname}${location.search}`}
      className="no-js-only-reserved"
      size="sm"
      style={{ display: "inline-flex", alignItems: "center", gap: 4 }}
    >
      <IconRefresh size={16} aria-hidden="true" />
      {t("noscript.refresh")}
    </Anchor>
  );
}
