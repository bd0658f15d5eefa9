// The station details tabs as plain links styled as tabs (STACK.md: Mantine Tabs need
// JavaScript for the keyboard): General, Network, Log, Firmware.
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Group } from "~/components/ui/group";

const tabs = [
  { key: "general", path: "" },
  { key: "network", path: "/network" },
  { key: "log", path: "/log" },
  { key: "firmware", path: "/firmware" },
] as const;

export function StationTabs({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation("stations");
  const { pathname } = useLocation();
  const base = `/stations/${encodeURIComponent(serialNumber)}`;
  return (
    <nav aria-label={t("tabs.label")} className="ui-tabs">
      <Group spaced gap={0}>
        {tabs.map((tab) => {
          const to = `${base}${tab.path}`;
          const active = pathname.replace(/\/$/, "") === to;
          return (
            <Link key={tab.key} to={to} className="ui-tab" aria-current={active ? "page" : undefined}>
              {t(`tabs.${tab.key}`)}
            </Link>
          );
        })}
      </Group>
    </nav>
  );
}
