// Choosing stations on the list (issue 27, item 1): the page's checkboxes saved into the choice
// (the stations the page showed, checked or not), every station the search and status match, or
// none. Then back to the list, or on to an action's confirmation. Choosing changes nothing at
// the Manager, so it leaves no audit record; the actions do. Only stations the Manager lists can
// be chosen: others are refused, and the user is told how many (issue 33).
import { redirect } from "@remix-run/node";
import { noteWrite } from "~/audit/write-record.server";
import { isBulkAction, isStationStatus } from "~/domain/bulk-actions";
import { currentPath } from "~/error-pages.server";
import type { ActionContext } from "~/route-helpers/form-declaration";
import { actionFailure, loadOrThrow } from "~/route-helpers/manager-failures.server";
import { setFlash } from "~/utils/flash.server";
import {
  changeChoice,
  changeChoiceWithinFleet,
  matchingStations,
  newSelectionId,
  selectionIdOf,
} from "~/route-helpers/station-selection.server";
import { withSearchParams } from "~/utils/url";

/** The most serial numbers one page's form names: the largest page of the list. */
const largestPage = 100;

function texts(formData: FormData, name: string) {
  return formData.getAll(name).filter((value): value is string => typeof value === "string");
}

/** The serial numbers the page showed, sent as one JSON field (a page of 100 stays one field). */
function shownStations(formData: FormData): string[] {
  try {
    const shown: unknown = JSON.parse(String(formData.get("shown") ?? "[]"));
    return Array.isArray(shown)
      ? shown.filter((value): value is string => typeof value === "string").slice(0, largestPage)
      : [];
  } catch {
    return [];
  }
}

/** The list again, its choice named in the URL. */
function backToList(request: Request, selectionId: string) {
  const url = new URL(currentPath(request), "http://console.invalid");
  return redirect(withSearchParams(url, { selection: selectionId }));
}

function selectionOf(formData: FormData) {
  return selectionIdOf(formData.get("selection")) ?? newSelectionId();
}

export async function chooseOnPage({ request, user, manager, formData }: ActionContext) {
  noteWrite({ skip: true });
  const selectionId = selectionOf(formData);
  const shown = shownStations(formData);
  const checked = new Set(texts(formData, "chosen"));
  let refused: number;
  try {
    ({ refused } = await changeChoiceWithinFleet(manager, user, selectionId, {
      add: shown.filter((serialNumber) => checked.has(serialNumber)),
      remove: shown.filter((serialNumber) => !checked.has(serialNumber)),
    }));
  } catch (error) {
    // The Manager could not say which stations it has: the choice stays as it was.
    const failure = await actionFailure(error, request);
    await setFlash(request, { kind: "error", message: failure.messageKey });
    return backToList(request, selectionId);
  }
  if (refused > 0) {
    await setFlash(request, { kind: "error", message: "stations:bulk.unknownRefused", values: { count: refused } });
  }
  const then = formData.get("then");
  if (isBulkAction(then))
    return redirect(`/stations/bulk?${new URLSearchParams({ action: then, selection: selectionId })}`);
  // A firmware rollout in waves for the chosen stations starts from its own form.
  if (then === "rollout") return redirect(`/firmware/rollouts?${new URLSearchParams({ selection: selectionId })}`);
  return backToList(request, selectionId);
}

export async function chooseAllMatching({ request, user, manager, formData }: ActionContext) {
  noteWrite({ skip: true });
  const selectionId = selectionOf(formData);
  const status = formData.get("status");
  const { stations } = await loadOrThrow(request, () =>
    matchingStations(manager, {
      search: String(formData.get("q") ?? "")
        .trim()
        .slice(0, 200),
      status: isStationStatus(status) ? status : null,
    }),
  );
  await changeChoice(user, selectionId, { add: stations.map((station) => station.serialNumber) });
  return backToList(request, selectionId);
}

export async function clearChoice({ request, user, formData }: ActionContext) {
  noteWrite({ skip: true });
  const selectionId = selectionOf(formData);
  await changeChoice(user, selectionId, { clear: true });
  return backToList(request, selectionId);
}
