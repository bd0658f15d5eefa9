// The station details tabs as plain links styled as tabs (STACK.md: Mantine Tabs need
// JavaScript for the keyboard): General, Network, Log, Firmware.
import { Box } from "#mantine/core/core/Box/Box.mjs";
import { UnstyledButton } from "#mantine/core/components/UnstyledButton/UnstyledButton.mjs";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SpacedGroup } from "~/components/SpacedGroup";

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
    <Box
      component="nav"
      aria-label={t("tabs.label")}
      style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
    >
      <SpacedGroup gap={0} wrap="wrap">
        {tabs.map((tab) => {
          const to = `${base}${tab.path}`;
          const active = pathname.replace(/\/$/, "") === to;
          return (
            <UnstyledButton
              key={tab.key}
              component={Link}
              to={to}
              aria-current={active ? "page" : undefined}
              px="md"
              py="sm"
              fw={active ? 700 : 500}
              style={{
                borderBottom: `3px solid ${active ? "var(--mantine-primary-color-filled)" : "transparent"}`,
                marginBottom: -1,
              }}
            >
              {t(`tabs.${tab.key}`)}
            </UnstyledButton>
          );
        })}
      </SpacedGroup>
    </Box>
  );
}
