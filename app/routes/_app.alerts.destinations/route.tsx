// /alerts/destinations — where alerts go (issue 36, items 4 and 5): the webhooks and e-mail
// addresses, "send a test" on each, and the forms that add them (a webhook: a name, an http(s) URL
// outside the console's own network unless the server allows it, a secret that signs each
// delivery; an e-mail address: a name, the address and its language, only with SMTP_URL set).
// Admins and Owners; each change is an audit record, the secret recorded only as changed.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  createDestinationForm,
  createEmailDestinationForm,
  removeDestinationCommand,
  sendTestCommand,
} from "~/alerts/forms";
import { destinationRow } from "~/alerts/rows.server";
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
import { getRuntime } from "~/runtime.server";
import { newSubmissionId } from "~/utils/once-per-submission.server";
import { useStickyActionData } from "~/utils/use-sticky-action-data";
import { DestinationForm } from "./DestinationForm";
import { DestinationList } from "./DestinationList";
import { EmailDestinationForm } from "./EmailDestinationForm";

export const meta = pageTitle("alertDestinations");
export const handle = { titleKey: "alertDestinations" } satisfies ScreenHandle;
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "alerts.edit");
  const locale = await i18next.getLocale(request);
  const destinations = await readOrPage(() => alertStore().destinations.list());
  return {
    destinations: destinations.map((destination) => destinationRow(destination, locale)),
    constraints: await constraintsOf(createDestinationForm, createEmailDestinationForm),
    emailOn: getRuntime().config.alerts.smtpUrl !== null,
    language: locale === "de" ? ("de" as const) : ("en" as const),
    submissionIds: { create: newSubmissionId(), createEmail: newSubmissionId(), tests: newSubmissionId() },
  };
}

export const action = (args: ActionFunctionArgs) =>
  dispatchIntent(
    args,
    intentTable(createDestinationForm, createEmailDestinationForm, removeDestinationCommand, sendTestCommand),
  );

export default function AlertDestinations() {
  const data = useLoaderData<typeof loader>();
  const reply = useStickyActionData<FormReply>();
  const { t } = useTranslation("alerts");
  return (
    <AlertsPage current="destinations" heading={t("destinations.heading")} intro={t("destinations.intro")}>
      <AlertsSection id="destination-list-title" title={t("destinations.listHeading")}>
        <DestinationList rows={data.destinations} submissionId={data.submissionIds.tests} />
      </AlertsSection>
      <AlertsSection id="add-destination-title" title={t("destinations.addHeading")} card>
        <DestinationForm
          constraint={data.constraints.createDestination}
          lastResult={replyFor(reply, createDestinationForm.intent)}
          submissionId={data.submissionIds.create}
        />
      </AlertsSection>
      <AlertsSection id="add-email-destination-title" title={t("destinations.email.addHeading")} card>
        <EmailDestinationForm
          emailOn={data.emailOn}
          constraint={data.constraints.createEmailDestination}
          lastResult={replyFor(reply, createEmailDestinationForm.intent)}
          submissionId={data.submissionIds.createEmail}
          language={data.language}
        />
      </AlertsSection>
    </AlertsPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
