// Starting a rollout: the firmware the Manager offers per station type (newest first), which
// stations it updates — those chosen on /stations (the fleet-bulk choice, `?selection=`) or every
// station behind the version chosen — and the start itself: stored with its waves in the durable
// store, acting for the admin's session, once per submission. A station is in at most one rollout
// not ended (issue 33): starts run one at a time across every process and instance, and a station
// another rollout still holds is skipped here, naming that rollout.
import { redirect } from "@remix-run/node";
import * as z from "zod";
import type { StationType } from "~/contract/enums";
import { auditUserOf, noteWrite } from "~/audit/write-record.server";
import { planBulkAction, skipReasonKey, type PlannedStation } from "~/domain/bulk-actions";
import { sortNewestFirst } from "~/domain/firmware";
import { getUpdateMetadata } from "~/manager/firmware.server";
import type { ManagerClient } from "~/manager/http.server";
import { assignWaves, type NewRolloutStation, type RolloutStore } from "~/records/rollouts";
import type { ActionContext } from "~/route-helpers/form-declaration";
import { actionFailure } from "~/route-helpers/manager-failures.server";
import {
  bulkCandidateOf,
  chosenStations,
  matchingStations,
  selectionIdOf,
} from "~/route-helpers/station-selection.server";
import { lendSession } from "~/rollouts/acting-session.server";
import { rolloutStore } from "~/rollouts/rollout-store.server";
import { rolloutPath } from "~/rollouts/texts";
import { getRuntime } from "~/runtime.server";
import { isErrorPageOf } from "~/store/unavailable.server";
import { setFlash } from "~/utils/flash.server";
import { oncePerSubmission } from "~/utils/once-per-submission.server";
import { oneHolderAtATime } from "~/utils/one-holder-at-a-time.server";

/** How long a station may take to be Current again: a real update takes 2–3 minutes, a drop-off more. */
export const stationTimeoutMs = 20 * 60 * 1000;

export interface OfferedFirmware {
  stationType: string;
  /** Newest first: the first is the default. */
  versions: { version: string; eulaUrl: string }[];
}

/** The firmware to choose from per station type that can be updated (v2; v1 cannot). */
export async function offeredFirmware(manager: ManagerClient): Promise<OfferedFirmware[]> {
  const { updateMetadata } = await getUpdateMetadata(manager);
  return Object.entries(updateMetadata)
    .filter(([stationType, available]) => stationType === "2" && available.length > 0)
    .map(([stationType, available]) => ({
      stationType,
      versions: sortNewestFirst(available).map(({ version, eulaUrl }) => ({ version, eulaUrl })),
    }));
}

export type RolloutSource = "selection" | "needUpdate";

export interface RolloutPlan {
  update: PlannedStation[];
  /** Chosen stations left alone, with why (only for a choice: "every station that needs it" names none). */
  skip: PlannedStation[];
}

/**
 * Which stations the rollout updates with these versions. A station with listeners is planned
 * too: the rollout waits for them to leave (or not, with "update now"), it does not skip it.
 */
export async function planRollout(
  manager: ManagerClient,
  source: RolloutSource,
  chosen: readonly string[],
  versions: Record<string, string>,
): Promise<RolloutPlan> {
  if (source === "selection" && chosen.length === 0) return { update: [], skip: [] };
  const fleet = await matchingStations(manager, { search: "", status: null, sortBy: "name", sortDirection: "asc" });
  const wanted = new Set(chosen);
  const stations = source === "selection" ? fleet.stations.filter((s) => wanted.has(s.serialNumber)) : fleet.stations;
  const candidates = stations.map((station) => ({
    ...bulkCandidateOf(station, fleet.firmwareStatus.get(station.serialNumber)),
    listenerCount: 0,
  }));
  const plan = planBulkAction("updateFirmware", candidates, versions as Partial<Record<StationType, string>>);
  return { update: plan.act, skip: source === "selection" ? plan.skip : [] };
}

const waveSize = z.coerce.number().int().min(1).max(100);

function startSchema(offered: readonly OfferedFirmware[]) {
  return z.object({
    source: z.enum(["selection", "needUpdate"]),
    firstWaveSize: waveSize,
    waveSize,
    updateNow: z.literal("on").optional(),
    eulaAccepted: z.literal("on"),
    ...Object.fromEntries(
      offered.map(({ stationType, versions }) => [
        `version-${stationType}`,
        z.enum(versions.map(({ version }) => version) as [string, ...string[]]),
      ]),
    ),
  });
}

const fieldMessages: Record<string, string> = {
  firstWaveSize: "stations:rollouts.errors.waveSize",
  waveSize: "stations:rollouts.errors.waveSize",
  eulaAccepted: "stations:rollouts.errors.eulaRequired",
};

/** What the form answers when it cannot start: the user's values back, a message per field. */
export interface StartReply {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** A message for the whole form (nothing to update), with its values. */
  formError?: string;
  formErrorValues?: Record<string, string>;
}

function valuesOf(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string" && name !== "intent") values[name] = value;
  return values;
}

type StartOutcome = { kind: "started"; id: string } | { kind: "nothing" } | { kind: "allHeld"; rollouts: string[] };

/** How a held station is noted in the new rollout: the rollout that holds it (texts.ts says it). */
export const heldNote = (rolloutId: string) => `inRollout:${rolloutId}`;

/** The stations the plan updates that another rollout holds, with the rollout holding each. */
async function splitHeld(rollouts: RolloutStore, plan: RolloutPlan) {
  const held = await rollouts.heldStations();
  const free = plan.update.filter((station) => !held.has(station.serialNumber));
  const taken = plan.update
    .filter((station) => held.has(station.serialNumber))
    .map((station) => ({ station, rolloutId: held.get(station.serialNumber)! }));
  return { free, taken };
}

/** Longer than a start takes: the fleet read (each call bounded by MANAGER_TIMEOUT_MS) and the insert. */
const startLease = { leaseMs: 120_000 };

export async function startRollout(context: ActionContext): Promise<Response | StartReply> {
  const { request, user, session, manager, formData } = context;
  noteWrite({ action: "rollout.start", target: { kind: "rollout" } });
  let offered: OfferedFirmware[];
  try {
    offered = await offeredFirmware(manager);
  } catch (error) {
    // The database that keeps rollouts does not answer: nothing was started, the form stays.
    if (isErrorPageOf(error, "rolloutsUnavailable")) {
      noteWrite({ outcome: { kind: "failed", message: "rolloutsUnavailable" } });
      return { values: valuesOf(formData), errors: {}, formError: "stations:rollouts.errors.storeUnavailable" };
    }
    const failure = await actionFailure(error, request);
    return { values: valuesOf(formData), errors: {}, formError: failure.messageKey };
  }
  const parsed = startSchema(offered).safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??= fieldMessages[field] ?? "stations:rollouts.errors.version";
    }
    noteWrite({ outcome: { kind: "refused", reason: "validation", detail: Object.keys(errors).join(",") } });
    return { values: valuesOf(formData), errors };
  }
  const form = parsed.data;
  const versions = Object.fromEntries(
    offered.map(({ stationType }) => [stationType, String(form[`version-${stationType}` as keyof typeof form])]),
  );
  const selectionId = selectionIdOf(formData.get("selection"));
  const { store } = getRuntime();
  let outcome: StartOutcome;
  try {
    outcome = await oncePerSubmission<StartOutcome>(
      store.submissions,
      { form: "rollout.start", id: formData.get("submissionId") },
      // One start at a time anywhere: two at once would both find the same stations free.
      () =>
        oneHolderAtATime(store.locks, "rollouts:start", startLease, async (): Promise<StartOutcome> => {
          const chosen = await chosenStations(user, selectionId);
          const plan = await planRollout(manager, form.source, chosen, versions);
          if (plan.update.length === 0) return { kind: "nothing" };
          const { free, taken } = await splitHeld(rolloutStore(), plan);
          if (free.length === 0)
            return { kind: "allHeld", rollouts: [...new Set(taken.map((held) => held.rolloutId))] };
          const waves = assignWaves(free, form.firstWaveSize, form.waveSize);
          const skipped = (station: PlannedStation, message: string | null): NewRolloutStation => ({
            serialNumber: station.serialNumber,
            wave: 0,
            stationType: String(station.type),
            version: station.targetVersion,
            state: "skipped",
            message,
          });
          const stations: NewRolloutStation[] = [
            ...waves.map(({ station, wave }) => ({
              serialNumber: station.serialNumber,
              wave,
              stationType: String(station.type),
              version: station.targetVersion,
            })),
            ...taken.map(({ station, rolloutId }) => skipped(station, heldNote(rolloutId))),
            // The bulk confirmation's own sentence for why (a locale key).
            ...plan.skip.map((station) => skipped(station, station.skip ? skipReasonKey(station.skip) : null)),
          ];
          const rollout = await rolloutStore().create({
            createdBy: auditUserOf(user),
            options: {
              versions,
              firstWaveSize: form.firstWaveSize,
              waveSize: form.waveSize,
              stationTimeoutMs,
              updateNow: form.updateNow === "on",
              eulaAcceptedAt: new Date().toISOString(),
            },
            stations,
          });
          await lendSession(rollout.id, request, session.id);
          return { kind: "started", id: rollout.id };
        }),
      (settled) => settled.kind === "started",
    );
  } catch (error) {
    // The database that keeps rollouts does not answer: nothing was started, the form stays.
    if (isErrorPageOf(error, "rolloutsUnavailable")) {
      noteWrite({ outcome: { kind: "failed", message: "rolloutsUnavailable" } });
      return { values: valuesOf(formData), errors: {}, formError: "stations:rollouts.errors.storeUnavailable" };
    }
    const failure = await actionFailure(error, request);
    return { values: valuesOf(formData), errors: {}, formError: failure.messageKey };
  }
  if (outcome.kind === "nothing") {
    noteWrite({ outcome: { kind: "refused", reason: "validation", detail: "nothingToUpdate" } });
    return { values: valuesOf(formData), errors: {}, formError: "stations:rollouts.errors.nothingToUpdate" };
  }
  if (outcome.kind === "allHeld") {
    noteWrite({ outcome: { kind: "refused", reason: "validation", detail: "inRollout" } });
    return {
      values: valuesOf(formData),
      errors: {},
      formError: "stations:rollouts.errors.allInRollouts",
      formErrorValues: { rollouts: outcome.rollouts.join(", ") },
    };
  }
  noteWrite({ target: { kind: "rollout", id: outcome.id } });
  await setFlash(request, { kind: "success", message: "stations:rollouts.started" });
  return redirect(rolloutPath(outcome.id));
}
