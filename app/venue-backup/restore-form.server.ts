// The restore page's two posts, both multipart (server/body-limits.ts lets them through with a
// session): "preview" with the chosen file (or, from the preview, the document carried back with
// new mappings), and "apply" with the document, the mappings the preview showed and the chosen
// items. The document travels with the form instead of living on the server: nothing to expire or
// share between instances, and it is read and checked again on every post
// (docs/decisions/063-venue-backup.md).
import { redirect } from "@remix-run/node";
import type { SignedInContext } from "~/auth/guard.server";
import { noteWrite } from "~/audit/write-record.server";
import { readBackup, type BackupProblem, type VenueBackup } from "~/domain/venue-backup";
import { FormRefusedError, readForm, type FormLimits } from "~/images/multipart.server";
import { throwLoaderFailure } from "~/route-helpers/manager-failures.server";
import { getRuntime } from "~/runtime.server";
import { newSubmissionId, oncePerSubmission, readSubmission } from "~/utils/once-per-submission.server";
import { applyRestore } from "./apply-restore.server";
import type { RestoreResult } from "./restore-result";
import { restorePreview, type RestorePreview } from "./preview.server";

const megabyte = 1024 * 1024;

/** The apply's submission ids are its own (issue 33: ids are per form). */
const restoreForm = "settings.applyRestore";

/** The largest backup file: 1,000 stations take about 3 MB, the customization's images up to 8 more. */
export const maxBackupBytes = 12 * megabyte;

export const restoreFormLimits: FormLimits = {
  maxFileBytes: maxBackupBytes,
  // The document carried back from the preview.
  maxFieldBytes: maxBackupBytes,
  // As express's bound for uploads (server/body-limits.ts).
  maxTotalBytes: 16 * megabyte,
  // A mapping and its previewed value per station, and a box per changed setting.
  maxFields: 40_000,
  maxFiles: 1,
};

export type UploadProblem = BackupProblem | "noFile" | "tooLarge" | "unreadable";

export type RestoreAnswer =
  | { stage: "upload"; problem: UploadProblem; detail?: string }
  | {
      stage: "preview";
      preview: RestorePreview;
      document: string;
      submissionId: string;
      /** The mappings changed since this preview was shown: look again before applying. */
      mappingChanged?: boolean;
    };

export const restorePath = "/settings/restore";

function mappingOf(formData: FormData, prefix: string): Map<string, string> {
  const mapping = new Map<string, string>();
  for (const [name, value] of formData) {
    if (name.startsWith(prefix) && typeof value === "string") mapping.set(name.slice(prefix.length), value);
  }
  return mapping;
}

const sameMapping = (a: Map<string, string>, b: Map<string, string>) =>
  a.size === b.size && [...a].every(([key, value]) => b.get(key) === value);

async function documentOf(
  formData: FormData,
  uploads: Awaited<ReturnType<typeof readForm>>["uploads"],
): Promise<{ text: string; backup: VenueBackup } | Extract<RestoreAnswer, { stage: "upload" }>> {
  const upload = uploads.get("backup");
  let text: string;
  if (upload) {
    if (!upload.bytes) return { stage: "upload", problem: "tooLarge" };
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(upload.bytes);
    } catch {
      return { stage: "upload", problem: "unreadable" };
    }
  } else {
    const carried = formData.get("document");
    if (typeof carried !== "string" || carried === "") return { stage: "upload", problem: "noFile" };
    text = carried;
  }
  const read = readBackup(text);
  if (!read.ok)
    return {
      stage: "upload",
      problem: read.problem,
      ...(read.problem === "otherVersion" ? { detail: String(read.version) } : {}),
      ...(read.issues ? { detail: read.issues } : {}),
    };
  return { text, backup: read.backup };
}

/** Reads the post; a body over the limits or broken is the upload field's message. */
export async function handleRestorePost(
  request: Request,
  signedIn: SignedInContext,
): Promise<RestoreAnswer | Response> {
  let form;
  try {
    form = await readForm(request, restoreFormLimits);
  } catch (error) {
    if (!(error instanceof FormRefusedError)) throw error;
    noteWrite({ skip: true });
    return { stage: "upload", problem: error.reason === "tooLarge" ? "tooLarge" : "unreadable" };
  }
  const { formData, uploads } = form;
  const intent = formData.get("intent");
  if (intent !== "apply") noteWrite({ skip: true });
  const read = await documentOf(formData, uploads);
  if ("stage" in read) {
    if (intent === "apply") noteWrite({ outcome: { kind: "refused", reason: "validation", detail: read.problem } });
    return read;
  }
  const mapping = mappingOf(formData, "target:");
  const preview = async (mappingChanged?: boolean): Promise<RestoreAnswer> => {
    try {
      return {
        stage: "preview",
        preview: await restorePreview(signedIn.manager, read.backup, mapping),
        document: read.text,
        submissionId: newSubmissionId(),
        ...(mappingChanged ? { mappingChanged } : {}),
      };
    } catch (error) {
      return throwLoaderFailure(error, request);
    }
  };
  if (intent !== "apply") return preview();
  // The mapping the user changed after the preview was shown: show what it means first.
  if (!sameMapping(mapping, mappingOf(formData, "previewed:"))) {
    noteWrite({ skip: true });
    return preview(true);
  }
  // Without one (a hand-made post) the apply still runs once and its result can be shown.
  const sent = formData.get("submissionId");
  const submissionId = typeof sent === "string" && /^[0-9a-f-]{36}$/.test(sent) ? sent : newSubmissionId();
  // What the audit log keeps of the apply itself (never the document: it may hold PINs).
  noteWrite({
    action: "settings.applyRestore",
    changes: [
      { field: "backupCreatedAt", new: read.backup.createdAt },
      { field: "stations", new: read.backup.stations.length },
    ],
  });
  const chosen = new Set(formData.getAll("item").filter((value): value is string => typeof value === "string"));
  await oncePerSubmission(
    getRuntime().store.submissions,
    { form: restoreForm, id: submissionId },
    () => applyRestore(signedIn.manager, signedIn.user, read.backup, { mapping, chosen }),
    () => true,
  );
  return redirect(`${restorePath}?result=${submissionId}`);
}

/** The result of an apply, while the shared store keeps it (ten minutes). */
export async function restoreResultOf(submissionId: string | null) {
  if (!submissionId || !/^[0-9a-f-]{36}$/.test(submissionId)) return null;
  const entry = await readSubmission(getRuntime().store.submissions, { form: restoreForm, id: submissionId });
  if (!entry || entry.state === "pending") return null;
  const outcome = entry.outcome as RestoreResult | null;
  return outcome && Array.isArray(outcome.stations) && Array.isArray(outcome.venue) ? outcome : null;
}
