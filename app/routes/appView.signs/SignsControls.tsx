// The print page's screen part (never printed): heading, the way back, and a plain GET form for
// paper, language and PINs — its URL is the page's state, so it works without JavaScript. With
// JavaScript a Print button opens the browser's print dialog; without, the hint says how.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { signLanguages, signLayouts, signParams, type SignOptions } from "~/domain/signs";
import { useHydrated } from "~/utils/use-hydrated";
import { Alert } from "~/components/ui/alert";
import { LinkAnchor } from "~/components/ui/anchor";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Group } from "~/components/ui/group";
import { RadioGroup } from "~/components/ui/radio-group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export interface SignsControlsProps {
  options: SignOptions;
  mayPrintPins: boolean;
  single: { name: string; path: string; isHidden: boolean; isEnabled: boolean } | null;
  count: number;
  sheetCount: number;
}

function PrintButton() {
  const { t } = useTranslation("moderation");
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Button type="button" variant="default" onClick={() => window.print()}>
      {t("signs.print")}
    </Button>
  );
}

export function SignsControls({ options, mayPrintPins, single, count, sheetCount }: SignsControlsProps) {
  const { t } = useTranslation("moderation");
  return (
    <Stack gap="md" className="venue-signs-controls">
      <Group gap="md" wrap="wrap">
        <LinkAnchor to="/appView">{t("signs.backToAppView")}</LinkAnchor>
        {single ? <LinkAnchor to={single.path}>{t("signs.backToChannel")}</LinkAnchor> : null}
      </Group>
      <Stack gap={4}>
        <Title order={1}>{single ? t("signs.headingOne", { name: single.name }) : t("signs.heading")}</Title>
        <Text>{single ? t("signs.introOne") : t("signs.intro")}</Text>
      </Stack>
      {single && single.isHidden ? (
        <Alert color="gray" role="status">
          {t("signs.hiddenChannel")}
        </Alert>
      ) : null}
      {single && !single.isEnabled ? (
        <Alert color="orange" role="status">
          {t("signs.disabledChannel")}
        </Alert>
      ) : null}
      {/* A new URL gives a fresh form: the choices shown are always the page's. */}
      <Form method="get" key={JSON.stringify(options)} aria-label={t("signs.choices")}>
        {options.only ? (
          <>
            <input type="hidden" name={signParams.station} value={options.only.serialNumber} />
            <input type="hidden" name={signParams.channel} value={options.only.channelIndex} />
          </>
        ) : null}
        <Group gap="xl" align="flex-end" wrap="wrap">
          <RadioGroup
            id="sign-layout"
            name={signParams.layout}
            label={t("signs.layout")}
            defaultValue={options.layout}
            choices={signLayouts.map((layout) => ({ value: layout, label: t(`signs.layouts.${layout}`) }))}
          />
          <RadioGroup
            id="sign-language"
            name={signParams.language}
            label={t("signs.language")}
            defaultValue={options.language}
            choices={signLanguages.map((language) => ({ value: language, label: t(`signs.languages.${language}`) }))}
          />
          {mayPrintPins ? (
            <Checkbox
              name={signParams.pins}
              value="1"
              defaultChecked={options.printPins}
              label={t("signs.printPins")}
              description={t("signs.printPinsHint")}
            />
          ) : null}
          <Button type="submit">{t("signs.show")}</Button>
        </Group>
      </Form>
      {count === 0 ? (
        <Text>{t("signs.none")}</Text>
      ) : (
        <Group gap="md" wrap="wrap">
          <PrintButton />
          <Text role="status">
            {t("signs.summary", {
              signs: t("signs.signCount", { count }),
              pages: t("signs.pageCount", { count: sheetCount }),
            })}
          </Text>
        </Group>
      )}
      <Text size="sm">{t("signs.printHint")}</Text>
    </Stack>
  );
}
