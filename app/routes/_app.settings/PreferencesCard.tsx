// Personal preferences on the settings page: the dark-mode switch, a form that sets the colour
// scheme cookie (POST /preferences), so the server renders the right theme from the first byte.
// Without JavaScript an Apply button submits it; with it, flipping the switch does (also a flip
// made before the page hydrated).
import { Form, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSaveChangeMadeBeforeHydration } from "~/utils/use-save-change-made-before-hydration";
import { SettingsCard } from "./SettingsCard";
import type { loader as rootLoader } from "~/root";
import { Button } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Switch } from "~/components/ui/switch";
import { Text } from "~/components/ui/text";

export function PreferencesCard() {
  const { t } = useTranslation("admin");
  const submit = useSubmit();
  const colorScheme = useRouteLoaderData<typeof rootLoader>("root")?.colorScheme ?? "light";
  const form = useRef<HTMLFormElement>(null);
  const save = (changed: HTMLFormElement | null) => submit(changed, { preventScrollReset: true });
  useSaveChangeMadeBeforeHydration(form, save);
  return (
    <SettingsCard id="preferences" title={t("settings.preferences.title")}>
      <Text size="sm" dimmed>
        {t("settings.preferences.intro")}
      </Text>
      <Form ref={form} method="post" action="/preferences" preventScrollReset>
        <input type="hidden" name="redirectTo" value="/settings" />
        <Group gap="md" align="center">
          {/* Checked posts "dark" first; the hidden "light" after it counts only when unchecked. */}
          <Switch
            key={colorScheme}
            name="colorScheme"
            value="dark"
            defaultChecked={colorScheme === "dark"}
            label={t("settings.preferences.darkMode")}
            description={t("settings.preferences.darkModeHint")}
            onChange={(event) => save(event.currentTarget.form)}
          />
          <input type="hidden" name="colorScheme" value="light" />
          <Button type="submit" variant="default" className="no-js-only">
            {t("settings.preferences.apply")}
          </Button>
        </Group>
      </Form>
    </SettingsCard>
  );
}
