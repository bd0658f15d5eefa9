// App customization (administration.md §2–§5): the listening app's active switch, logo, colours,
// font colour and onboarding screens, with the live phone preview. Pushes from the customization
// hub reload the stored configuration.
import dropzoneStyles from "@mantine/dropzone/styles.css";
import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requirePermission, requireUser } from "~/auth/guard.server";
import { can } from "~/domain/permissions";
import customizationStyles from "./app-customization.css";
import { CustomizationForm, resetConfirmName } from "./CustomizationForm";
import { customizationRoutes, refusedForm, writableOf } from "./customization.server";
import { runIntent } from "~/route-helpers/intents.server";
import { noteWrite, recordingWrite } from "~/audit/write-record.server";
import { intentValue, parseIntent } from "./fields";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { errorPage } from "~/error-pages.server";
import { FormRefusedError, readForm } from "~/images/multipart.server";
import { getAppCustomization } from "~/manager/app-customization.server";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: dropzoneStyles },
  { rel: "stylesheet", href: customizationStyles },
];
export const meta = pageTitle("appCustomization");
export const handle = { titleKey: "appCustomization", hubs: ["appCustomizationHub"] } satisfies ScreenHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, manager } = await requireUser(request, "appCustomization.show");
  const stored = await loadOrThrow(request, () => getAppCustomization(manager));
  return { stored: stored ? writableOf(stored) : null, canEdit: can(user, "appCustomization.edit") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request);
  const target = { kind: "customization" } as const;
  return recordingWrite({ user: signedIn.user, action: "customization.unknown", target }, async (draft) => {
    // Checked before the upload is read: nobody else's images are parsed.
    requirePermission(request, signedIn.user, "appCustomization.edit");
    let form;
    try {
      form = await readForm(request);
    } catch (error) {
      if (error instanceof FormRefusedError) return refusedForm(request, error.reason);
      throw error;
    }
    const intent = parseIntent(form.formData.get("intent"));
    if (!intent) throw errorPage("notFound");
    draft.formData(form.formData);
    // Saving and resetting reach the Manager and are recorded; editing the draft is no write.
    noteWrite(isCustomizationWrite(intent.type) ? { action: `customization.${intent.type}` } : { skip: true });
    const context = { ...signedIn, intent: intent.type, request, params, formData: form.formData };
    return runIntent(context, customizationRoutes(form, intent));
  });
}

/** The intents that reach the Manager (each recorded as `customization.<intent>`). */
export const customizationWrites = ["save", "reset"] as const;
const isCustomizationWrite = (intent: string) => (customizationWrites as readonly string[]).includes(intent);

export default function AppCustomization() {
  const { stored, canEdit } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <>
      <Stack gap={4} mb="lg">
        <Title order={1}>{t("views.appCustomization.heading")}</Title>
        <Text dimmed size="sm">
          {t("views.appCustomization.intro")}
        </Text>
      </Stack>
      <CustomizationForm stored={stored} result={result} canEdit={canEdit} />
      {stored && canEdit ? (
        <ConfirmDialog
          name={resetConfirmName}
          intent={intentValue({ type: "reset" })}
          title={t("views.appCustomization.reset.title")}
          confirmLabel={t("views.appCustomization.reset.confirm")}
          color="red"
        >
          {t("views.appCustomization.reset.message")}
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
