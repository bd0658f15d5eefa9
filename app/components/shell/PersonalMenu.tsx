// The personal menu: name, organization, role chips, profile and documentation links, colour
// scheme, language and log out. A native <details> disclosure, so every entry is reachable
// without JavaScript; with it, a click outside or Escape closes it.
import { useClickOutside } from "@mantine/hooks";
import { Form, useLocation, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { IconMoon, IconSun } from "~/components/icons";
import { Anchor } from "~/components/ui/anchor";
import { Avatar } from "~/components/ui/avatar";
import { Badge, type BadgeColor } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Paper } from "~/components/ui/card";
import { Group } from "~/components/ui/group";
import { NativeSelect } from "~/components/ui/native-select";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "~/auth/user";
import { accountsPage, type FooterLinks } from "~/components/shell/Footer";
import { supportedLanguages } from "~/i18n/config";
import type { Role } from "~/contract/enums";
import type { loader as rootLoader } from "~/root";
import { useSaveChangeMadeBeforeHydration } from "~/utils/use-save-change-made-before-hydration";

/** Spec: Admin purple (violet: contrast, STACK.md), Moderator orange, Owner green. */
export const roleColors: Record<Role, BadgeColor> = { Admin: "violet", Moderator: "orange", Owner: "green" };

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

export function PersonalMenu({
  user,
  footer,
}: {
  user: Pick<SessionUser, "name" | "organizationName" | "roles">;
  footer: FooterLinks;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const submit = useSubmit();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const colorScheme = root?.colorScheme ?? "light";
  const locale = root?.locale ?? "en";
  const here = `${location.pathname}${location.search}`;
  const languageForm = useRef<HTMLFormElement>(null);
  useSaveChangeMadeBeforeHydration(languageForm, (form) => submit(form));
  const menu = useClickOutside<HTMLDetailsElement>(() => {
    if (menu.current) menu.current.open = false;
  });

  // A choice made in the menu (or any navigation) closes it, as a full page load would.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key, menu]);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the open menu, as a keyboard user expects
    <details
      className="personal-menu"
      ref={menu as React.RefObject<HTMLDetailsElement>}
      onKeyDown={(event) => {
        if (event.key === "Escape" && menu.current?.open) {
          menu.current.open = false;
          menu.current.querySelector("summary")?.focus();
        }
      }}
    >
      {/* Named by its content, not aria-label: the name must contain the visible text (WCAG 2.5.3),
          and the visible name is hidden on narrow screens, where the hidden text still names it. */}
      <summary>
        {/* A <summary> takes phrasing content only: spans, not Mantine's default <div> and <p>. */}
        <Avatar>{initials(user.name)}</Avatar>
        <Text component="span" size="sm" fw={600} className="personal-menu-name" aria-hidden="true">
          {user.name}
        </Text>{" "}
        <span className="visually-hidden">{t("personalMenu.open", { name: user.name })}</span>
      </summary>
      <Paper className="personal-menu-panel" withBorder shadow="md" p="md">
        <Stack gap="sm">
          <div>
            <Text fw={700} data-testid="user-name">
              {user.name}
            </Text>
            <Text size="sm" dimmed data-testid="organization-name">
              {user.organizationName}
            </Text>
          </div>
          <Group gap="xs" role="group" aria-label={t("personalMenu.label")}>
            {user.roles.map((role) => (
              <Badge key={role} color={roleColors[role]} variant="light" data-testid="role-chip">
                {t(`personalMenu.roles.${role}`)}
              </Badge>
            ))}
          </Group>
          <Anchor href={accountsPage(footer.accountsUrl, "profile")} target="_blank" rel="noreferrer">
            {t("personalMenu.profile")} <span className="visually-hidden">{t("personalMenu.opensInNewTab")}</span>
          </Anchor>{" "}
          <Anchor href={footer.documentationsUrl} target="_blank" rel="noreferrer">
            {t("personalMenu.documentation")} <span className="visually-hidden">{t("personalMenu.opensInNewTab")}</span>
          </Anchor>
          <Form method="post" action="/preferences">
            <input type="hidden" name="redirectTo" value={here} />
            <input type="hidden" name="colorScheme" value={colorScheme === "dark" ? "light" : "dark"} />
            <Button
              type="submit"
              variant="default"
              fullWidth
              leftSection={
                colorScheme === "dark" ? (
                  <IconSun size={18} aria-hidden="true" />
                ) : (
                  <IconMoon size={18} aria-hidden="true" />
                )
              }
            >
              {colorScheme === "dark" ? t("personalMenu.lightMode") : t("personalMenu.darkMode")}
            </Button>
          </Form>
          <Form ref={languageForm} method="post" action="/preferences">
            <input type="hidden" name="redirectTo" value={here} />
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <NativeSelect
                name="language"
                label={t("personalMenu.language")}
                defaultValue={locale}
                data={supportedLanguages.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
                onChange={(event) => submit(event.currentTarget.form)}
                style={{ flex: 1 }}
              />
              <Button type="submit" variant="default" className="no-js-only">
                {t("personalMenu.apply")}
              </Button>
            </Group>
          </Form>
          <Form method="post" action="/logout" reloadDocument>
            <Button type="submit" variant="light" color="red" fullWidth>
              {t("personalMenu.logout")}
            </Button>
          </Form>
        </Stack>
      </Paper>
    </details>
  );
}
