// Whether the "Unsaved changes" question is open (UnsavedChangesGuard says so). Live updates wait
// while it is: a revalidation that completes makes Remix's router reset every blocker
// (`completeNavigation` in @remix-run/router counts it as a navigation), which closed the
// question under the user's hand and left its "Yes" without a navigation to go on with (issue 33).
import { useSyncExternalStore } from "react";

let open = false;
const listeners = new Set<() => void>();

export function setLeaveQuestionOpen(value: boolean) {
  if (open === value) return;
  open = value;
  for (const listener of listeners) listener();
}

export function isLeaveQuestionOpen() {
  return open;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The question's state, rendering again when it opens or closes. */
export function useLeaveQuestionOpen() {
  return useSyncExternalStore(subscribe, isLeaveQuestionOpen, () => false);
}
