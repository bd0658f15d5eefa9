// The chosen stations and what to do with them (issue 27): the count, the actions, "all N that
// match" and clearing the choice, in a bar that stays in view while the list scrolls. The page's
// checkboxes belong to the first form (their `form` attribute), so without JavaScript checking
// boxes and pressing an action saves them and goes on to its confirmation in one submit.
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { bulkActions, type BulkAction } from "~/domain/bulk-actions";
import { Button } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { chooseAllHandler, chooseHandler, clearChoiceHandler } from "./forms";

export const choiceFormId = "station-choice";

export interface Choice {
  /** Named in the URL once something was chosen; a new one for the page's first choice. */
  selectionId: string;
  count: number;
}

const destructive = new Set<BulkAction>(["reject", "remove"]);

export function ChoiceBar({
  choice,
  shown,
  total,
  search,
  status,
}: {
  choice: Choice;
  /** The serial numbers of the page's rows, whose checkboxes the first form sends. */
  shown: string[];
  /** How many stations the search and status match. */
  total: number;
  search: string;
  status: string | null;
}) {
  const { t } = useTranslation("stations");
  const navigation = useNavigation();
  const pendingThen = navigation.state === "submitting" ? navigation.formData?.get("then") : null;
  const selection = <input type="hidden" name="selection" value={choice.selectionId} />;
  return (
    <section className="choice-bar" aria-labelledby="choice-title">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <Text id="choice-title" fw={600} role="status">
              {t("bulk.chosen", { count: choice.count })}
            </Text>
            {/* Saves the checkboxes without acting (the form's first button, so Enter does this).
                Hidden once hydrated, its room kept: nothing moves when the page hydrates. */}
            <Button type="submit" form={choiceFormId} variant="default" size="xs" className="no-js-only-reserved">
              {t("bulk.save")}
            </Button>
          </Group>
          <Group gap="xs" wrap="wrap">
            {total > 0 ? (
              <Form method="post" preventScrollReset>
                {selection}
                <input type="hidden" name="q" value={search} />
                {status ? <input type="hidden" name="status" value={status} /> : null}
                <Button type="submit" name="intent" value={chooseAllHandler.intent} variant="default" size="xs">
                  {t("bulk.chooseAll", { count: total })}
                </Button>
              </Form>
            ) : null}
            {choice.count > 0 ? (
              <Form method="post" preventScrollReset>
                {selection}
                <Button type="submit" name="intent" value={clearChoiceHandler.intent} variant="default" size="xs">
                  {t("bulk.clear")}
                </Button>
              </Form>
            ) : null}
          </Group>
        </Group>
        <Form id={choiceFormId} method="post" preventScrollReset aria-label={t("bulk.actionsLabel")}>
          <input type="hidden" name="intent" value={chooseHandler.intent} />
          {selection}
          <input type="hidden" name="shown" value={JSON.stringify(shown)} />
          <Group gap="xs" wrap="wrap" spaced>
            {bulkActions.map((action) => (
              <Button
                key={action}
                type="submit"
                name="then"
                value={action}
                size="xs"
                variant={destructive.has(action) ? "light" : "filled"}
                color={destructive.has(action) ? "red" : undefined}
                loading={pendingThen === action}
              >
                {t(`bulk.actions.${action}`)}
              </Button>
            ))}
            <Button
              type="submit"
              name="then"
              value="rollout"
              size="xs"
              variant="light"
              loading={pendingThen === "rollout"}
            >
              {t("rollouts.startFromList")}
            </Button>
          </Group>
        </Form>
      </Stack>
    </section>
  );
}
