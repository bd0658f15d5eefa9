// The restore page's posts and pages (issue 33; docs/decisions/063-venue-backup.md). The upload
// ("preview" with a file) reads the file once in a worker — a file that is no backup gets its
// message beside the field — and keeps it in the shared store for the user; then the preview is a
// page of its own, `/settings/restore?backup=<id>` (paged: `page`, `missing`), read again from
// the store each time: the file never travels in a page or a form. The preview's form posts the
// choices of its page ("show" another page, "preview" again, "apply") as a multipart form; they
// are remembered with the file, so a choice on one page holds on the others. "apply" writes what
// the preview showed, if it is still what the venue and the file give (its digest), else shows
// the new preview first.
import { redirect } from "@remix-run/node";
import type { SignedInContext } from "~/auth/guard.server";
import type { SessionUser } from "~/auth/user";
import { noteWrite } from "~/audit/write-record.server";
import { FormRefusedError, readForm, type FormLimits } from "~/images/multipart.server";
import { outcomeOfCounts } from "~/records/audit-log";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import { getRuntime } from "~/runtime.server";
import { newSubmissionId, oncePerSubmission, readSubmission } from "~/utils/once-per-submission.server";
import { applyRestore } from "./apply-restore.server";
import {
  backupIdOf,
  keepBackup,
  keptBackup,
  rememberChoices,
  restoreChoices,
  type ChoicesPosted,
} from "./backup-draft.server";
import { readBackupDocument } from "./backup-reader.server";
import { restorePreview, type RestorePreview } from "./preview.server";
import type { DocumentProblem } from "./read-backup";
import { planDigest, planStations, restoreInput, venueItems } from "./restore-input.server";
import { isRestoreResult, type RestoreResult } from "./restore-result";

const megabyte = 1024 * 1024;

/** The apply's submission ids are its own (issue 33: ids are per form). */
const restoreForm = "settings.applyRestore";

/** The largest backup file: 1,000 stations take about 3 MB, the customization's images up to 8 more. */
export const maxBackupBytes = 12 * megabyte;

export const restoreFormLimits: FormLimits = {
  maxFileBytes: maxBackupBytes,
  // A serial number, a digest, a setting's key: the file itself never comes back in a field.
  maxFieldBytes: 1024,
  // As express's bound for uploads (server/body-limits.ts).
  maxTotalBytes: 16 * megabyte,
  // A page of the preview: per station its unit and the one shown, per setting its box and name.
  maxFields: 4_000,
  maxFiles: 1,
};

export type UploadProblem = DocumentProblem | "noFile" | "tooLarge" | "unreadable" | "backupGone";

export interface UploadAnswer {
  stage: "upload";
  problem: UploadProblem;
  detail?: string;
}

export type PreviewNotice = "mappingChanged" | "venueChanged";

export const restorePath = "/settings/restore";

const pageNumber = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= 1_000_000 ? number : 1;
};

export function previewPath(backupId: string, pages: { page?: number; missing?: number } = {}, notice?: PreviewNotice) {
  const query = new URLSearchParams({ backup: backupId });
  if (pages.page && pages.page > 1) query.set("page", String(pages.page));
  if (pages.missing && pages.missing > 1) query.set("missing", String(pages.missing));
  if (notice) query.set("notice", notice);
  return `${restorePath}?${query}`;
}

function textOf(formData: FormData, name: string) {
  const value = formData.get(name);
  return typeof value === "string" ? value : null;
}

function fieldsOf(formData: FormData, prefix: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (name.startsWith(prefix) && typeof value === "string") fields[name.slice(prefix.length)] = value;
  }
  return fields;
}

function choicesPosted(formData: FormData): ChoicesPosted {
  const strings = (name: string) => formData.getAll(name).filter((value): value is string => typeof value === "string");
  return { mapping: fieldsOf(formData, "target:"), shown: strings("shown"), ticked: strings("item") };
}

/** "show:page:3" and "show:missing:2" go to another page of the preview; anything else stays. */
function pagesAfter(intent: string | null, formData: FormData) {
  const current = { page: pageNumber(textOf(formData, "page")), missing: pageNumber(textOf(formData, "missing")) };
  const going = /^show:(page|missing):(\d{1,7})$/.exec(intent ?? "");
  return going ? { ...current, [going[1]!]: pageNumber(going[2]!) } : current;
}

/** The upload: the file read once (its problems beside the field), then kept for the user. */
async function upload(
  user: SessionUser,
  uploads: Awaited<ReturnType<typeof readForm>>["uploads"],
): Promise<UploadAnswer | Response> {
  const file = uploads.get("backup");
  if (!file) return { stage: "upload", problem: "noFile" };
  if (!file.bytes) return { stage: "upload", problem: "tooLarge" };
  const { result: read, bytes } = await readBackupDocument(file.bytes, {
    wanted: [],
    missingPage: { skip: 0, take: 0 },
  });
  if (!read.ok) return { stage: "upload", problem: read.problem, ...(read.detail ? { detail: read.detail } : {}) };
  const id = await keepBackup(user, bytes);
  return redirect(previewPath(id), 303);
}

async function apply(request: Request, signedIn: SignedInContext, formData: FormData, backupId: string) {
  const { user, manager } = signedIn;
  const bytes = await keptBackup(user, backupId);
  if (!bytes) {
    noteWrite({ outcome: { kind: "refused", reason: "validation", detail: "backupGone" } });
    return redirect(`${restorePath}?gone=1`, 303);
  }
  const pages = pagesAfter(null, formData);
  const posted = choicesPosted(formData);
  const previewed = fieldsOf(formData, "previewed:");
  const choices = await rememberChoices(user, backupId, posted);
  // A unit chosen after the preview was shown: show what it means first.
  if (Object.entries(posted.mapping).some(([serialNumber, target]) => previewed[serialNumber] !== target)) {
    noteWrite({ skip: true });
    return redirect(previewPath(backupId, pages, "mappingChanged"), 303);
  }
  const mapping = new Map(Object.entries(choices.mapping));
  const unticked = new Set(choices.unticked);
  const sent = textOf(formData, "submissionId");
  // Without one (a hand-made post) the apply still runs once and its result can be shown.
  const submissionId = sent && /^[0-9a-f-]{36}$/.test(sent) ? sent : newSubmissionId();
  // Planned inside the once-per-submission work: a repeat of the form waits for the first's
  // outcome instead of planning against the venue the first has just changed.
  const outcome = await oncePerSubmission(
    getRuntime().store.submissions,
    { form: restoreForm, id: submissionId },
    async (): Promise<RestoreResult | UploadAnswer | { changed: true }> => {
      // The bytes move to the reader; a second run of this work (the first threw) reads them again.
      const file = bytes.byteLength > 0 ? bytes : await keptBackup(user, backupId);
      if (!file) return { stage: "upload", problem: "backupGone" };
      const input = await loadOrThrow(request, () => restoreInput(manager, file, mapping, { skip: 0, take: 0 }));
      if (!("venue" in input)) return { stage: "upload", problem: input.problem };
      const plans = await planStations(input, mapping);
      const venue = venueItems(input, plans);
      // The venue (or a station's state) changed since the preview: what would be written is not what was shown.
      if (planDigest(plans, venue) !== textOf(formData, "digest")) return { changed: true };
      const result = await applyRestore({ manager, user, isChosen: (key) => !unticked.has(key) }, input, plans, venue);
      // One summary for the act: done, partly done or failed, with its counts; never the document (it may hold PINs).
      const { done, failed, skipped } = result.counts;
      noteWrite({
        changes: [
          { field: "backupCreatedAt", new: input.backup.venue.createdAt },
          { field: "stations", new: input.backup.stationCount },
        ],
        outcome: outcomeOfCounts({ done, failed, skipped }),
      });
      return { backupId, ...result };
    },
    isRestoreResult,
  );
  // A repeat of the form (a double click) did nothing of its own: oncePerSubmission leaves it unrecorded.
  if (isRestoreResult(outcome)) return redirect(`${restorePath}?result=${submissionId}`, 303);
  if ("stage" in outcome) {
    noteWrite({ outcome: { kind: "refused", reason: "validation", detail: outcome.problem } });
    return outcome;
  }
  noteWrite({ skip: true });
  return redirect(previewPath(backupId, pages, "venueChanged"), 303);
}

/** Reads the post; a body over the limits or broken is the upload field's message. */
export async function handleRestorePost(request: Request, signedIn: SignedInContext): Promise<UploadAnswer | Response> {
  let form;
  try {
    form = await readForm(request, restoreFormLimits);
  } catch (error) {
    if (!(error instanceof FormRefusedError)) throw error;
    noteWrite({ skip: true });
    return { stage: "upload", problem: error.reason === "tooLarge" ? "tooLarge" : "unreadable" };
  }
  const { formData, uploads } = form;
  const intent = textOf(formData, "intent");
  const backupId = backupIdOf(textOf(formData, "backup"));
  if (intent === "apply" && backupId) return apply(request, signedIn, formData, backupId);
  // Reading a file, or choosing on the preview, writes nothing.
  noteWrite({ skip: true });
  if (!backupId) return upload(signedIn.user, uploads);
  if (!(await keptBackup(signedIn.user, backupId))) return redirect(`${restorePath}?gone=1`, 303);
  await rememberChoices(signedIn.user, backupId, choicesPosted(formData));
  return redirect(previewPath(backupId, pagesAfter(intent, formData)), 303);
}

export interface PreviewPage {
  stage: "preview";
  preview: RestorePreview;
  notice: PreviewNotice | null;
  submissionId: string;
}

/** The preview page of `?backup=<id>`, or why there is none. */
export async function previewPage(
  request: Request,
  signedIn: SignedInContext,
  backupId: string,
): Promise<PreviewPage | UploadAnswer> {
  const bytes = await keptBackup(signedIn.user, backupId);
  if (!bytes) return { stage: "upload", problem: "backupGone" };
  const query = new URL(request.url).searchParams;
  const choices = await restoreChoices(signedIn.user, backupId);
  const answer = await loadOrThrow(request, () =>
    restorePreview(signedIn.manager, { id: backupId, bytes }, choices, {
      page: pageNumber(query.get("page")),
      missingPage: pageNumber(query.get("missing")),
    }),
  );
  if (!answer.ok)
    return { stage: "upload", problem: answer.problem, ...(answer.detail ? { detail: answer.detail } : {}) };
  const notice = query.get("notice");
  return {
    stage: "preview",
    preview: answer.preview,
    notice: notice === "mappingChanged" || notice === "venueChanged" ? notice : null,
    submissionId: newSubmissionId(),
  };
}

/** Stations a page of the result lists. */
export const resultStationsPerPage = 20;

/** The result of an apply, while the shared store keeps it (ten minutes), one page of its stations. */
export async function restoreResultOf(submissionId: string | null, page: number) {
  if (!submissionId || !/^[0-9a-f-]{36}$/.test(submissionId)) return null;
  const entry = await readSubmission(getRuntime().store.submissions, { form: restoreForm, id: submissionId });
  if (!entry || entry.state === "pending" || !isRestoreResult(entry.outcome)) return null;
  const result = entry.outcome;
  const pages = Math.max(1, Math.ceil(result.stations.length / resultStationsPerPage));
  const shown = Math.min(Math.max(1, page), pages);
  return {
    result: {
      ...result,
      stations: result.stations.slice((shown - 1) * resultStationsPerPage, shown * resultStationsPerPage),
    },
    paging: { page: shown, pageSize: resultStationsPerPage, total: result.stations.length },
  };
}

export { pageNumber };
