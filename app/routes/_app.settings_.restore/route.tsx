// /settings/restore (issue 29, item 3): upload a venue backup, see per station and setting what
// would change (old → new), map a backup station onto a replacement unit, choose all or part, and
// apply; the result page lists every item as done, unchanged, skipped or failed. Plain multipart
// forms that work without JavaScript; for Admins and Owners (the settings permission).
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requirePermission, requireUser } from "~/auth/guard.server";
import { recordingWrite } from "~/audit/write-record.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { Stack } from "~/components/ui/stack";
import { VenueHeader } from "~/venue-backup/VenueHeader";
import { handleRestorePost, maxBackupBytes, restoreResultOf } from "~/venue-backup/restore-form.server";
import { RestorePreviewForm } from "./RestorePreviewForm";
import { RestoreResultList } from "./RestoreResultList";
import { RestoreUploadForm } from "./RestoreUploadForm";

export const meta = pageTitle("venueRestore");
export const handle = { titleKey: "venueRestore" } satisfies ScreenHandle;
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "settings.show");
  const resultId = new URL(request.url).searchParams.get("result");
  const result = resultId ? await restoreResultOf(resultId) : null;
  return { maxBytes: maxBackupBytes, result, resultGone: resultId !== null && result === null };
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireUser(request);
  return recordingWrite(
    { user: signedIn.user, action: "settings.applyRestore", target: { kind: "settings" } },
    async () => {
      // Checked before the upload is read: nobody else's file is parsed.
      requirePermission(request, signedIn.user, "settings.dnsConfig");
      return handleRestorePost(request, signedIn);
    },
  );
}

export default function VenueRestoreScreen() {
  const { maxBytes, result, resultGone } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <>
      <VenueHeader heading={t("venueBackup.restore.heading")} />
      <Stack gap="lg">
        {answer?.stage === "preview" ? (
          <RestorePreviewForm answer={answer} />
        ) : result ? (
          <RestoreResultList result={result} />
        ) : (
          <RestoreUploadForm
            maxBytes={maxBytes}
            problem={answer?.stage === "upload" ? answer : null}
            resultGone={resultGone}
          />
        )}
      </Stack>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
