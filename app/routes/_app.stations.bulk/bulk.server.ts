// A bulk action on the chosen stations (issue 27, item 2): the confirmation's plan — which
// stations it acts on and which it skips, and why — and acting on it: each station through
// actOnStation, eight Manager calls at most in flight, once per submission. The plan the user
// confirmed travels as a digest of the action, its options and every station: when the stations
// changed since (a listener joined, a fingerprint changed), or the digest is another action's,
// nothing is done and the confirmation shows the new plan. The act is one audit record whose
// outcome says how it ended (done, partly done, failed) beside each station's own.
import { createHash } from "node:crypto";
import { redirect } from "@remix-run/node";
import type { StationType } from "~/contract/enums";
import {
  listenerActions,
  planBulkAction,
  type BulkAction,
  type BulkOptions,
  type BulkPlan,
  type PlannedStation,
} from "~/domain/bulk-actions";
import { newestVersion } from "~/domain/firmware";
import { acceptStation, rejectStation } from "~/manager/authorization.server";
import { getUpdateMetadata, startFirmwareUpdate } from "~/manager/firmware.server";
import type { ManagerClient } from "~/manager/http.server";
import { rebootStation, removeStation } from "~/manager/stations.server";
import { noteWrite } from "~/audit/write-record.server";
import type { ActionContext } from "~/route-helpers/form-declaration";
import { actionFailure } from "~/route-helpers/manager-failures.server";
import { actOnStation, type StationActOutcome } from "~/route-helpers/station-act.server";
import {
  bulkCandidateOf,
  chosenStations,
  matchingStations,
  selectionIdOf,
} from "~/route-helpers/station-selection.server";
import { getRuntime } from "~/runtime.server";
import { outcomeOfCounts, type AuditCounts } from "~/records/audit-log";
import { mapWithConcurrency, oneOf } from "~/utils/bounded-concurrency";
import { setFlash } from "~/utils/flash.server";
import { newSubmissionId, oncePerSubmission, readSubmission } from "~/utils/once-per-submission.server";
import { bulkPath } from "./texts";

const wholeFleetReads = oneOf(2);

/** Manager calls in flight at most, whatever the number of stations chosen. */
export const bulkConcurrency = 8;

/**
 * The options a confirmation's URL or form names: "include stations with listeners" only for
 * the actions that cut their audio (Reboot, Update firmware), else none.
 */
export function bulkOptionsOf(action: BulkAction, value: FormDataEntryValue | null): BulkOptions {
  return listenerActions.includes(action) && value === "include" ? { includeListeners: true } : {};
}

/** Each form's submission ids are its own: a Reject confirmation's id is no Remove's. */
const bulkForm = (action: BulkAction) => `bulk.${action}`;

/** The firmware a station type is updated to: the newest the Manager offers. */
export interface TargetFirmware {
  id: string;
  version: string;
  eulaUrl: string;
}

export interface BulkConfirmation {
  plan: BulkPlan;
  /** Update firmware: the version per station type, with its EULA. */
  firmware: Partial<Record<StationType, TargetFirmware>>;
  /** Chosen stations the Manager no longer lists (removed or rejected meanwhile). */
  gone: string[];
  digest: string;
}

async function targetFirmware(manager: ManagerClient) {
  const { updateMetadata } = await getUpdateMetadata(manager);
  const firmware: Partial<Record<StationType, TargetFirmware>> = {};
  for (const [type, available] of Object.entries(updateMetadata)) {
    const newest = newestVersion(available.map((candidate) => candidate.version));
    const chosen = available.find((candidate) => candidate.version === newest);
    if (chosen) firmware[Number(type) as StationType] = chosen;
  }
  return firmware;
}

function digestOf(plan: BulkPlan, gone: readonly string[], options: BulkOptions) {
  const shown = {
    action: plan.action,
    includeListeners: options.includeListeners === true,
    act: plan.act.map((station) => [station.serialNumber, station.fingerprint, station.targetVersion]),
    skip: plan.skip.map((station) => [station.serialNumber, station.skip]),
    gone,
  };
  return createHash("sha256").update(JSON.stringify(shown)).digest("base64url");
}

/** What the action would do with the chosen stations now, by name. */
export async function loadConfirmation(
  manager: ManagerClient,
  action: BulkAction,
  chosen: readonly string[],
  options: BulkOptions = {},
): Promise<BulkConfirmation> {
  if (chosen.length === 0) return { plan: { action, act: [], skip: [] }, firmware: {}, gone: [], digest: "" };
  const wanted = new Set(chosen);
  const [{ stations, firmwareStatus }, firmware] = await Promise.all([
    // The whole fleet is held only until the chosen stations are picked from it, and by two
    // requests of a process at most: twenty bulk pages at once do not hold twenty fleets.
    wholeFleetReads(async () => {
      const fleet = await matchingStations(manager, { search: "", status: null, sortBy: "name", sortDirection: "asc" });
      const stations = fleet.stations.filter((station) => wanted.has(station.serialNumber));
      return { stations, firmwareStatus: fleet.firmwareStatus };
    }),
    action === "updateFirmware" ? targetFirmware(manager) : Promise.resolve({}),
  ]);
  const found = new Set(stations.map((station) => station.serialNumber));
  const gone = chosen.filter((serialNumber) => !found.has(serialNumber)).sort();
  const newest: Partial<Record<StationType, string>> = {};
  for (const [type, target] of Object.entries(firmware) as [string, TargetFirmware][]) {
    newest[Number(type) as StationType] = target.version;
  }
  const plan = planBulkAction(
    action,
    stations.map((station) => bulkCandidateOf(station, firmwareStatus.get(station.serialNumber))),
    newest,
    options,
  );
  return { plan, firmware, gone, digest: digestOf(plan, gone, options) };
}

/** The Manager call for one station, and the action's own message when it is refused. */
function managerCall(manager: ManagerClient, confirmation: BulkConfirmation, planned: PlannedStation) {
  const { serialNumber } = planned;
  switch (confirmation.plan.action) {
    case "reboot":
      return () => rebootStation(manager, serialNumber);
    case "accept":
      return () => acceptStation(manager, serialNumber, planned.fingerprint ?? "");
    case "reject":
      return () => rejectStation(manager, serialNumber);
    case "remove":
      return () => removeStation(manager, serialNumber);
    case "updateFirmware":
      return () => startFirmwareUpdate(manager, serialNumber, confirmation.firmware[planned.type]!.id);
  }
}

export interface BulkResultRow {
  serialNumber: string;
  name: string | null;
  outcome: StationActOutcome;
}

export interface BulkResult {
  /** Whose result it is: another user's id shows nothing. */
  user: string;
  action: BulkAction;
  rows: BulkResultRow[];
}

type BulkOutcome = ({ kind: "done" } & BulkResult) | { kind: "changed" };

async function act(context: ActionContext, confirmation: BulkConfirmation): Promise<BulkResultRow[]> {
  const { action, act: acting, skip } = confirmation.plan;
  const common = { user: context.user, action: `bulk.${action}`, failedKey: `stations:bulk.failures.${action}` };
  // Skipped stations are recorded too, with their reason: the log says why nothing happened to
  // them (actOnStation calls the Manager only for a station without a skip reason).
  const rows = await mapWithConcurrency([...acting, ...skip], bulkConcurrency, async (station) => ({
    serialNumber: station.serialNumber,
    name: station.name,
    outcome: await actOnStation({
      ...common,
      serialNumber: station.serialNumber,
      label: station.name,
      skip: station.skip,
      run: managerCall(context.manager, confirmation, station),
    }),
  }));
  const gone = confirmation.gone.map((serialNumber) => ({
    serialNumber,
    name: null,
    outcome: { kind: "skipped", reason: "gone" } as const,
  }));
  return [...rows, ...gone];
}

/** How many stations the act was done on, failed on and skipped. */
export function countsOf(rows: readonly BulkResultRow[]): AuditCounts {
  const counts: AuditCounts = { done: 0, failed: 0, skipped: 0 };
  for (const row of rows) counts[row.outcome.kind] += 1;
  return counts;
}

function field(formData: FormData, name: string) {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

/** The confirmed action: acts on the plan the user saw, once however often the form is sent. */
export async function runBulkAction(context: ActionContext, action: BulkAction): Promise<Response> {
  const { request, user, manager, formData } = context;
  // Each station gets its own record (actOnStation); this one says who asked, and how it ended.
  noteWrite({ action: `bulk.${action}`, changes: [] });
  const selectionId = selectionIdOf(formData.get("selection"));
  const options = bulkOptionsOf(action, formData.get("listeners"));
  const confirmPath = bulkPath(action, selectionId, { options });
  if (action === "updateFirmware" && formData.get("eulaAccepted") !== "on") {
    noteWrite({ outcome: { kind: "refused", reason: "validation", detail: "eulaAccepted" } });
    await setFlash(request, { kind: "error", message: "stations:bulk.eulaRequired" });
    return redirect(confirmPath);
  }
  // A form without an id (made by hand) still gets a result to show.
  const submissionId = field(formData, "submissionId") || newSubmissionId();
  let outcome: BulkOutcome;
  try {
    outcome = await oncePerSubmission<BulkOutcome>(
      getRuntime().store.submissions,
      { form: bulkForm(action), id: submissionId },
      async () => {
        const chosen = await chosenStations(user, selectionId);
        const confirmation = await loadConfirmation(manager, action, chosen, options);
        if (confirmation.digest === "" || confirmation.digest !== field(formData, "digest")) return { kind: "changed" };
        const rows = await act(context, confirmation);
        // Said here, by the one request that acted: a repeat records nothing of its own.
        noteWrite({ outcome: outcomeOfCounts(countsOf(rows)) });
        return { kind: "done", user: user.subject, action, rows };
      },
      (settled) => settled.kind === "done",
    );
  } catch (error) {
    // The Manager failed before any station was acted on: say so, and offer the confirmation again.
    const failure = await actionFailure(error, request);
    await setFlash(request, { kind: "error", message: failure.messageKey });
    return redirect(confirmPath);
  }
  if (outcome.kind === "changed") {
    noteWrite({ outcome: { kind: "refused", reason: "validation", detail: "planChanged" } });
    await setFlash(request, { kind: "error", message: "stations:bulk.changed" });
    return redirect(confirmPath);
  }
  return redirect(bulkPath(action, selectionId, { options, resultId: submissionId }));
}

/** The result a submission of the action's form left, for its own user only; null when there is none (or it expired). */
export async function readBulkResult(
  userSubject: string,
  action: BulkAction,
  resultId: string,
): Promise<BulkResult | null> {
  const entry = await readSubmission(getRuntime().store.submissions, { form: bulkForm(action), id: resultId });
  if (entry?.state !== "succeeded") return null;
  const outcome = entry.outcome as BulkOutcome;
  return outcome.kind === "done" && outcome.user === userSubject && outcome.action === action ? outcome : null;
}
