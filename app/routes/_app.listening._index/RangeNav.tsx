// The range of the history: links for the last 6 hours, day, week and month, and a plain GET form
// for a custom one (dates and times in the console's time zone). The station or channel in focus
// stays in every link and in the form.
import { Form, Link, useLocation } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { TextInput } from "~/components/ui/text-input";
import { presetRanges, type RangeError, type RangeName } from "~/domain/listening-ranges";
import { withSearchParams } from "~/utils/url";

export function RangeNav({
  range,
  error,
  mostDays,
}: {
  range: { name: RangeName; fromText: string; toText: string };
  error: RangeError | null;
  mostDays: number;
}) {
  const { t } = useTranslation("listening");
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const kept = ["station", "channel"].filter((name) => search.has(name));
  return (
    <Stack gap="sm">
      <nav aria-label={t("ranges.label")} className="ui-tabs listening-ranges">
        {presetRanges.map((name) => (
          // A space between the tabs: a text browser reads them as separate words.
          <Fragment key={name}>
            <Link
              className="ui-tab"
              to={withSearchParams(location, { range: name, from: null, to: null, page: null })}
              aria-current={range.name === name && !error ? "page" : undefined}
              preventScrollReset
            >
              {t(`ranges.${name}`)}
            </Link>{" "}
          </Fragment>
        ))}
      </nav>
      <Form method="get" aria-labelledby="custom-range-title">
        {kept.map((name) => (
          <input key={name} type="hidden" name={name} value={search.get(name) ?? ""} />
        ))}
        <input type="hidden" name="range" value="custom" />
        <fieldset className="ui-fieldset listening-custom-range">
          <legend id="custom-range-title">{t("custom.legend")}</legend>
          {error ? (
            <Alert color="red" role="alert" mb="sm">
              {t(`custom.errors.${error}`, { days: mostDays })} {t("custom.refused")}
            </Alert>
          ) : null}
          <Group gap="sm" align="flex-end">
            <TextInput
              name="from"
              type="datetime-local"
              label={t("custom.from")}
              defaultValue={range.fromText}
              key={`from-${range.fromText}`}
              w={220}
            />
            <TextInput
              name="to"
              type="datetime-local"
              label={t("custom.to")}
              defaultValue={range.toText}
              key={`to-${range.toText}`}
              w={220}
            />
            <Button type="submit" variant="default">
              {t("custom.show")}
            </Button>
          </Group>
          <p className="listening-hint">{t("custom.hint")}</p>
        </fieldset>
      </Form>
    </Stack>
  );
}
