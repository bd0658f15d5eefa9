// The authenticated shell: sidebar (permanent from 1000 px, a drawer below — opened as URL state
// ?nav=1 so it works without JavaScript), header with the page title, loading bar, reconnecting
// spinner and personal menu, and the footer.
import { Form, Link, useLocation, useMatches, useNavigation } from "@remix-run/react";
import {
  IconApi,
  IconApps,
  IconBell,
  IconBrush,
  IconChartLine,
  IconCloudUpload,
  IconHistory,
  IconDeviceMobile,
  IconLayoutDashboard,
  IconLogout,
  IconMenu2,
  IconMicrophone,
  IconSettings,
  IconX,
} from "~/components/icons";
import { useEffect, useState, type CSSProperties, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "~/auth/user";
import { FlashMessage } from "~/components/FlashMessage";
import { LazyTooltip } from "~/components/LazyTooltip";
import { LinkActionIcon } from "~/components/ui/action-icon";
import { Button } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Loader } from "~/components/ui/loader";
import { Progress } from "~/components/ui/progress";
import { Text } from "~/components/ui/text";
import { Footer, type FooterLinks } from "~/components/shell/Footer";
import { Logo } from "~/components/shell/Logo";
import { navigationEntries, type NavigationKey } from "~/components/shell/navigation";
import { PersonalMenu } from "~/components/shell/PersonalMenu";
import {
  ShellDivider,
  ShellFrame,
  ShellHeader,
  ShellMain,
  ShellNavbar,
  ShellNavLink,
  ShellSection,
} from "~/components/shell/frame";
import { useLiveStatus } from "~/live/live-status";
import { useHydrated } from "~/utils/use-hydrated";
import type { PageTitleKey } from "~/utils/meta";

const icons: Record<NavigationKey, typeof IconApi> = {
  dashboard: IconLayoutDashboard,
  stations: IconApps,
  firmwareRollouts: IconCloudUpload,
  appView: IconDeviceMobile,
  moderation: IconMicrophone,
  listening: IconChartLine,
  alerts: IconBell,
  apiTokens: IconApi,
  settings: IconSettings,
  appCustomization: IconBrush,
  auditLog: IconHistory,
};

// Along the top edge of the header, over its border.
const busyBarStyle: CSSProperties = { position: "absolute", top: 0, left: 0, right: 0 };

export interface ShellProps {
  user: Pick<SessionUser, "name" | "organizationName" | "roles">;
  navigation: NavigationKey[][];
  footer: FooterLinks;
  navOpen: boolean;
  children: ReactNode;
}

/** The deepest route that names a title key in its handle. */
function usePageTitleKey(): PageTitleKey | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const key = (matches[index]!.handle as { titleKey?: PageTitleKey } | undefined)?.titleKey;
    if (key) return key;
  }
  return null;
}

function withNav(location: { pathname: string; search: string }, open: boolean) {
  const search = new URLSearchParams(location.search);
  if (open) search.set("nav", "1");
  else search.delete("nav");
  const query = search.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
}

function ReconnectingIndicator() {
  const { t } = useTranslation();
  const { reconnecting } = useLiveStatus();
  if (!reconnecting) return null;
  return (
    <LazyTooltip label={t("live.reconnecting")}>
      <span role="status" aria-label={t("live.reconnecting")} data-testid="reconnecting-indicator">
        <Loader size="sm" />
      </span>
    </LazyTooltip>
  );
}

export function AppLayout({ user, navigation, footer, navOpen, children }: ShellProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== "idle";
  const [open, setOpen] = useState(navOpen);
  const titleKey = usePageTitleKey();

  // A navigation closes the drawer (the server render does the same: links carry no ?nav=1).
  useEffect(() => setOpen(navOpen), [location.pathname, navOpen]);

  const toggleHref = withNav(location, !open);
  const toggleLabel = open ? t("navigation.closeMenu") : t("navigation.openMenu");

  return (
    <ShellFrame navOpen={open}>
      <a className="skip-link" href="#main">
        {t("navigation.skipToContent")}
      </a>
      <ShellHeader>
        {busy ? <Progress value={100} animated size="xs" square aria-hidden="true" style={busyBarStyle} /> : null}
        <Group className="shell-header-row" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <LinkActionIcon
              to={toggleHref}
              className="shell-burger"
              variant="subtle"
              size="lg"
              aria-label={toggleLabel}
              aria-expanded={open}
              aria-controls="main-navigation"
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                setOpen((value) => !value);
              }}
            >
              {open ? <IconX aria-hidden="true" /> : <IconMenu2 aria-hidden="true" />}
            </LinkActionIcon>
            <Link to="/" aria-label={t("navigation.home")} style={{ display: "inline-flex" }}>
              <Logo />
            </Link>
            <Text size="lg" fw={700} truncate data-testid="page-title">
              {titleKey ? t(`titles.${titleKey}`) : t("appName")}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ReconnectingIndicator />
            <PersonalMenu user={user} footer={footer} />
          </Group>
        </Group>
      </ShellHeader>

      <ShellNavbar id="main-navigation" aria-label={t("navigation.label")} data-open={open ? "true" : "false"}>
        <ShellSection grow>
          {navigation.map((group, index) => (
            <div key={group.join()}>
              {index > 0 ? <ShellDivider /> : null}
              {group.map((key) => {
                const entry = navigationEntries.find((candidate) => candidate.key === key)!;
                const Icon = icons[key];
                const active = location.pathname === entry.to || location.pathname.startsWith(`${entry.to}/`);
                return (
                  <ShellNavLink
                    key={key}
                    to={entry.to}
                    label={t(`navigation.${key}`)}
                    leftSection={<Icon size={20} aria-hidden="true" />}
                    active={active}
                    onClick={() => setOpen(false)}
                  />
                );
              })}
            </div>
          ))}
        </ShellSection>
        <ShellSection>
          <ShellDivider />
          <Form method="post" action="/logout" reloadDocument>
            <Button
              type="submit"
              variant="subtle"
              color="gray"
              fullWidth
              justify="flex-start"
              fw={400}
              leftSection={<IconLogout size={20} aria-hidden="true" />}
            >
              {t("navigation.logout")}
            </Button>
          </Form>
        </ShellSection>
      </ShellNavbar>

      <ShellMain id="main" tabIndex={-1}>
        <FlashMessage />
        {children}
        <Footer links={footer} />
      </ShellMain>
    </ShellFrame>
  );
}
