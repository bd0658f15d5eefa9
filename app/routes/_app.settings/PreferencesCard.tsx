// Personal preferences on the settings page: the dark-mode switch, a form that sets the colour
// scheme cookie (POST /preferences), so the server renders the right theme from the first byte.
// Without JavaScript an Apply button submits it; with it, flipping the switch does (also a flip
// made before the page hydrated).
import { PlainButton } from "~/components/plain-button";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { SwitchField } from "~/components/SwitchField";
import { Form, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSaveChangeMadeBeforeHydration } from "~/utils/use-save-change-made-before-hydration";
import { SettingsCard } from "./SettingsCard";
import type { loader as rootLoader } from "~/root";

export function PreferencesCard() {
  const { t } = useTranslation("admin");
  const submit = useSubmit();
  const colorScheme = useRouteLoaderData<typeof rootLoader>("root")?.colorScheme ?? "light";
  const form = useRef<HTMLFormElement>(null);
  const save = (changed: HTMLFormElement | null) => submit(changed, { preventScrollReset: true });
  useSaveChangeMadeBeforeHydration(form, save);
  return (
    <SettingsCard id="preferences" title={t("settings.preferences.title")}>
      <Text size="sm" c="dimmed">
        {t("settings.preferences.intro")}
      </Text>
      <Form ref={form} method="post" action="/preferences" preventScrollReset>
        <input type="hidden" name="redirectTo" value="/settings" />
        <Group gap="md" align="center">
          {/* Checked posts "dark" first; the hidden "light" after it counts only when unchecked. */}
          <SwitchField
            key={colorScheme}
            name="colorScheme"
            value="dark"
            defaultChecked={colorScheme === "dark"}
            label={t("settings.preferences.darkMode")}
            description={t("settings.preferences.darkModeHint")}
            onChange={(event) => save(event.currentTarget.form)}
          />
          <input type="hidden" name="colorScheme" value="light" />
          <PlainButton type="submit" variant="default" className="no-js-only">
            {t("settings.preferences.apply")}
          </PlainButton>
        </Group>
      </Form>
    </SettingsCard>
  );
}
