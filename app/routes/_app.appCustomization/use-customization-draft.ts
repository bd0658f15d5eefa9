// The draft in the browser: edits, intents (the same as the action applies without JavaScript),
// undo, and keeping in step with the stored configuration when it changes (a save, a reset, a
// push from the customization hub) unless the user has changes of their own.
import { useEffect, useReducer, useRef } from "react";
import { applyIntent, errorsAfter, type CustomizationErrors } from "./draft-editing";
import type { CustomizationIntent } from "./fields";
import { draftFrom, isCustomizationChanged, type CustomizationDraft } from "~/domain/app-customization";
import { newOnboardingId, type OnboardingScreen } from "~/domain/onboarding";
import type { WritableAppCustomization } from "~/contract/app-customization";

export interface DraftState {
  draft: CustomizationDraft;
  errors: CustomizationErrors;
  formError: string | null;
}

/** What the action answered (customization.server.ts: the draft and its errors as a form reply). */
export interface CustomizationReplyData {
  result: { error?: Record<string, string[] | null> | null };
  draft: CustomizationDraft;
}

function stateOf(reply: CustomizationReplyData): DraftState {
  const { "": formErrors, ...fields } = reply.result.error ?? {};
  const errors: CustomizationErrors = {};
  for (const [name, messages] of Object.entries(fields)) if (messages?.[0]) errors[name] = messages[0];
  return { draft: reply.draft, errors, formError: formErrors?.[0] ?? null };
}

type DraftAction =
  | { type: "replace"; state: DraftState }
  | { type: "intent"; intent: CustomizationIntent }
  | { type: "change"; change: Partial<Omit<CustomizationDraft, "onboardings">> }
  | { type: "screen"; index: number; change: Partial<Omit<OnboardingScreen, "id" | "sortId">> }
  | { type: "errors"; errors: CustomizationErrors }
  | { type: "fieldError"; name: string; message: string | null };

function withoutError(errors: CustomizationErrors, name: string) {
  const { [name]: _removed, ...rest } = errors;
  return rest;
}

function reducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case "replace":
      return action.state;
    case "intent":
      return {
        ...state,
        draft: applyIntent(state.draft, action.intent),
        errors: errorsAfter(action.intent, state.errors),
      };
    case "change": {
      let errors = state.errors;
      for (const name of Object.keys(action.change)) errors = withoutError(errors, name === "logo" ? "logo" : name);
      return { ...state, draft: { ...state.draft, ...action.change }, errors };
    }
    case "screen":
      return {
        ...state,
        draft: {
          ...state.draft,
          onboardings: state.draft.onboardings.map((screen, index) =>
            index === action.index ? { ...screen, ...action.change } : screen,
          ),
        },
      };
    case "errors":
      return { ...state, errors: action.errors, formError: null };
    case "fieldError":
      return {
        ...state,
        errors: action.message
          ? { ...state.errors, [action.name]: action.message }
          : withoutError(state.errors, action.name),
      };
  }
}

/** Undo restores the loaded data with fresh ids, no errors (and so no chosen files). */
export function undoneState(stored: WritableAppCustomization | null): DraftState {
  return { draft: draftFrom(stored, newOnboardingId()), errors: {}, formError: null };
}

export function useCustomizationDraft(
  stored: WritableAppCustomization | null,
  reply: CustomizationReplyData | undefined,
) {
  const [state, dispatch] = useReducer(reducer, undefined, () =>
    reply ? stateOf(reply) : { draft: draftFrom(stored), errors: {}, formError: null },
  );

  // A new answer of the action (a failed save) becomes the state.
  const lastReply = useRef(reply);
  useEffect(() => {
    if (reply && reply !== lastReply.current) dispatch({ type: "replace", state: stateOf(reply) });
    lastReply.current = reply;
  }, [reply]);

  // The stored configuration changed: follow it, unless that would throw away the user's changes.
  const lastStored = useRef(stored);
  const draft = useRef(state.draft);
  draft.current = state.draft;
  useEffect(() => {
    const previous = lastStored.current;
    lastStored.current = stored;
    if (JSON.stringify(previous) === JSON.stringify(stored)) return;
    const current = draft.current;
    if (!stored || !isCustomizationChanged(current, previous) || !isCustomizationChanged(current, stored)) {
      dispatch({ type: "replace", state: undoneState(stored) });
    }
  }, [stored]);

  return [state, dispatch] as const;
}
