// /alerts/rules — what is worth an alert (issue 36, item 1): the rules, and the form that adds
// one (what, its grace period, all stations or the named ones). Admins and Owners; each change is
// an audit record.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { createRuleForm, deleteRuleCommand } from "~/alerts/forms";
import { ruleRow } from "~/alerts/rows.server";
import { alertStore, readOrPage } from "~/alerts/store.server";
import { requireUser } from "~/auth/guard.server";
import { AlertsPage, AlertsSection } from "~/components/alerts/AlertsPage";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { i18next } from "~/i18n/i18next.server";
import { replyFor, type FormReply } from "~/route-helpers/form-reply";
import { dispatchIntent } from "~/route-helpers/intents.server";
import { constraintsOf, intentTable } from "~/route-helpers/intent-table.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { newSubmissionId } from "~/utils/once-per-submission.server";
import { useStickyActionData } from "~/utils/use-sticky-action-data";
import { RuleForm } from "./RuleForm";
import { RuleList } from "./RuleList";

export const meta = pageTitle("alertRules");
export const handle = { titleKey: "alertRules" } satisfies ScreenHandle;
// The form carries a one-time submission id: never from a cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "alerts.edit");
  const locale = await i18next.getLocale(request);
  const rules = await readOrPage(() => alertStore().rules.list());
  return {
    rules: rules.map((rule) => ruleRow(rule, locale)),
    constraints: await constraintsOf(createRuleForm),
    submissionId: newSubmissionId(),
  };
}

export const action = (args: ActionFunctionArgs) =>
  dispatchIntent(args, intentTable(createRuleForm, deleteRuleCommand));

export default function AlertRules() {
  const data = useLoaderData<typeof loader>();
  const reply = useStickyActionData<FormReply>();
  const { t } = useTranslation("alerts");
  return (
    <AlertsPage current="rules" heading={t("rules.heading")} intro={t("rules.intro")}>
      <AlertsSection id="rule-list-title" title={t("rules.listHeading")}>
        <RuleList rows={data.rules} />
      </AlertsSection>
      <AlertsSection id="add-rule-title" title={t("rules.addHeading")} card>
        <RuleForm
          constraint={data.constraints.createRule}
          lastResult={replyFor(reply, createRuleForm.intent)}
          submissionId={data.submissionId}
        />
      </AlertsSection>
    </AlertsPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
