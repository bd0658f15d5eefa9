// /settings/restore (issues 29 and 33): upload a venue backup (kept on the server for an hour, never
// sent back in a page), see per station and setting what would change (old → new) or why a value is
// refused, page by page (`?backup=<id>&page=…&missing=…`), map a backup station onto a replacement
// unit, choose all or part, and apply exactly that; the result page (`?result=<id>`) lists every
// setting as done, skipped or failed. Plain multipart forms that work without JavaScript; for Admins
// and Owners (the settings permission).
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
import { backupIdOf } from "~/venue-backup/backup-draft.server";
import {
  handleRestorePost,
  maxBackupBytes,
  pageNumber,
  previewPage,
  restoreResultOf,
} from "~/venue-backup/restore-form.server";
import { RestorePreviewForm } from "./RestorePreviewForm";
import { RestoreResultList } from "./RestoreResultList";
import { RestoreUploadForm } from "./RestoreUploadForm";

export const meta = pageTitle("venueRestore");
export const handle = { titleKey: "venueRestore" } satisfies ScreenHandle;
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const resultId = query.get("result");
  const backupId = backupIdOf(query.get("backup"));
  // Reading a kept backup against the venue is the restore's own permission.
  const signedIn = await requireUser(request, backupId ? "settings.dnsConfig" : "settings.show");
  const upload = { stage: "upload" as const, maxBytes: maxBackupBytes, problem: null, resultGone: false };
  if (resultId) {
    const shown = await restoreResultOf(resultId, pageNumber(query.get("page")));
    return shown ? { stage: "result" as const, maxBytes: maxBackupBytes, ...shown } : { ...upload, resultGone: true };
  }
  if (backupId) {
    const page = await previewPage(request, signedIn, backupId);
    return page.stage === "preview" ? { ...page, maxBytes: maxBackupBytes } : { ...upload, problem: page };
  }
  return query.has("gone")
    ? { ...upload, problem: { stage: "upload" as const, problem: "backupGone" as const } }
    : upload;
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
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <>
      <VenueHeader heading={t("venueBackup.restore.heading")} />
      <Stack gap="lg">
        {answer?.stage === "upload" ? (
          <RestoreUploadForm maxBytes={page.maxBytes} problem={answer} resultGone={false} />
        ) : page.stage === "preview" ? (
          <RestorePreviewForm answer={page} />
        ) : page.stage === "result" ? (
          <RestoreResultList result={page.result} paging={page.paging} />
        ) : (
          <RestoreUploadForm maxBytes={page.maxBytes} problem={page.problem} resultGone={page.resultGone} />
        )}
      </Stack>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
