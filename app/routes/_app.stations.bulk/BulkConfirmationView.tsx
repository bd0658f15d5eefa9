// The confirmation of a bulk action: how many stations it acts on and which (a page of them, the
// rest a link away), how many it skips for each reason, and one form that confirms them all.
// Reboot and Update offer to include stations with listeners — off by default, a GET form that
// plans again — and Remove warns when stations to remove are running. A plain page: it works
// without JavaScript, and a fleet's worth of stations is a count and a page of rows.
import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { listenerActions, skipReasonKey, type BulkAction } from "~/domain/bulk-actions";
import { Alert } from "~/components/ui/alert";
import { Anchor, LinkAnchor } from "~/components/ui/anchor";
import { Button, LinkButton } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { useSaveChangeMadeBeforeHydration } from "~/utils/use-save-change-made-before-hydration";
import { ActTable, SkipTable } from "./BulkTables";
import { bulkIntent } from "./forms";
import type { BulkConfirmationData } from "./pages.server";
import { bulkPath, stationsPath } from "./texts";

const destructive = new Set<BulkAction>(["reject", "remove"]);

/** "Include stations with listeners": a GET form, so the choice is the URL and the plan follows it. */
function ListenersOption({ data }: { data: BulkConfirmationData }) {
  const { t } = useTranslation("stations");
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const apply = (changed: HTMLFormElement | null) => submit(changed, { preventScrollReset: true, replace: true });
  useSaveChangeMadeBeforeHydration(form, apply);
  const included = data.options.includeListeners === true;
  return (
    <Form ref={form} method="get" preventScrollReset aria-label={t("bulk.listenersOption")}>
      <input type="hidden" name="action" value={data.action} />
      {data.selectionId ? <input type="hidden" name="selection" value={data.selectionId} /> : null}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Checkbox
          key={String(included)}
          name="listeners"
          value="include"
          defaultChecked={included}
          label={t("bulk.includeListeners")}
          description={t("bulk.includeListenersHint")}
          onChange={(event) => apply(event.currentTarget.form)}
        />
        <Button type="submit" variant="default" size="xs" className="no-js-only">
          {t("bulk.planAgain")}
        </Button>
      </Group>
    </Form>
  );
}

function SeeAll({ data, list, count }: { data: BulkConfirmationData; list: "act" | "skip"; count: number }) {
  const { t } = useTranslation("stations");
  return (
    <LinkAnchor to={bulkPath(data.action, data.selectionId, { options: data.options, list })} size="sm">
      {t(`bulk.seeAll.${list}`, { count })}
    </LinkAnchor>
  );
}

function ActSection({ data }: { data: BulkConfirmationData }) {
  const { t } = useTranslation("stations");
  const { action, act } = data;
  return (
    <section aria-labelledby="bulk-act-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="bulk-act-title">
          {t(`bulk.willAct.${action}`, { count: act.total })}
        </Title>
        {act.withListeners > 0 && listenerActions.includes(action) ? (
          <Text>{t("bulk.listenersDisconnected", { count: act.withListeners })}</Text>
        ) : null}
        {act.total > 0 ? (
          <ActTable action={action} stations={act.rows} labelledBy="bulk-act-title" />
        ) : (
          <Text>{t("bulk.nothingToDo")}</Text>
        )}
        {act.total > act.rows.length ? <SeeAll data={data} list="act" count={act.total} /> : null}
      </Stack>
    </section>
  );
}

function SkipSection({ data }: { data: BulkConfirmationData }) {
  const { t } = useTranslation("stations");
  const { skip } = data;
  return (
    <section aria-labelledby="bulk-skip-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="bulk-skip-title">
          {t("bulk.skippedTitle", { count: skip.total })}
        </Title>
        <ul aria-label={t("bulk.skipReasons")} className="bulk-reasons">
          {skip.byReason.map(({ reason, count }) => (
            <li key={reason}>
              <Text size="sm">{t("bulk.reasonCount", { count, reason: t(skipReasonKey(reason)) })}</Text>
            </li>
          ))}
        </ul>
        <SkipTable stations={skip.rows} labelledBy="bulk-skip-title" />
        {skip.total > skip.rows.length ? <SeeAll data={data} list="skip" count={skip.total} /> : null}
      </Stack>
    </section>
  );
}

export function BulkConfirmationView({ data }: { data: BulkConfirmationData }) {
  const { t } = useTranslation("stations");
  const { t: tCommon } = useTranslation();
  const navigation = useNavigation();
  const { action, act, skip } = data;
  const intent = bulkIntent[action];
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const back = stationsPath(data.selectionId);
  if (act.total + skip.total === 0) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t(`bulk.titles.${action}`)}</Title>
        <Alert title={t("bulk.noneChosenTitle")}>{t("bulk.noneChosen")}</Alert>
        <Group>
          <LinkButton to={back} variant="default">
            {t("bulk.backToList")}
          </LinkButton>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={1}>{t(`bulk.titles.${action}`)}</Title>
      {listenerActions.includes(action) ? <ListenersOption data={data} /> : null}
      {action === "remove" && act.running > 0 ? (
        <Alert color="orange" title={t("bulk.removeRunningTitle", { count: act.running })}>
          {t("bulk.removeRunning", { count: act.running })}
        </Alert>
      ) : null}
      <ActSection data={data} />
      {skip.total > 0 ? <SkipSection data={data} /> : null}
      <Form method="post">
        <input type="hidden" name="selection" value={data.selectionId ?? ""} />
        <input type="hidden" name="submissionId" value={data.submissionId} />
        <input type="hidden" name="digest" value={data.digest} />
        {data.options.includeListeners ? <input type="hidden" name="listeners" value="include" /> : null}
        <Stack gap="md">
          {action === "updateFirmware" && act.total > 0 ? (
            <Stack gap="xs">
              <Checkbox name="eulaAccepted" required label={t("bulk.eulaAccepted")} />
              <Group gap="md">
                {data.firmware.map((firmware) => (
                  <Anchor key={firmware.version} href={firmware.eulaUrl} target="_blank" rel="noreferrer">
                    {t("bulk.eulaLink", { version: firmware.version })}
                  </Anchor>
                ))}
              </Group>
            </Stack>
          ) : null}
          <Group spaced gap="sm">
            <LinkButton to={back} variant="default">
              {tCommon("actions.cancel")}
            </LinkButton>
            <Button
              type="submit"
              name="intent"
              value={intent}
              color={destructive.has(action) ? "red" : undefined}
              loading={submitting}
              disabled={act.total === 0}
            >
              {t(`bulk.confirm.${action}`, { count: act.total })}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
