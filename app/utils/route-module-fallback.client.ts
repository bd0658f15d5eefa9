// When a route's JavaScript fails to load during a client-side navigation (a blocked or lost
// chunk), Remix v2 logs "Error loading route module …, reloading page..." and reloads the page
// the user is on: the link they clicked, or the form they sent, is dropped, and the next try
// ends the same way. The server renders every page and every form works without JavaScript,
// so this finishes the user's step as the browser would have without it: a link or a GET form
// loads its page, a POST form is sent as a plain form (docs/decisions/046-javascript-partly-loaded.md).
import type { RouterSteps } from "~/utils/router-steps";

/** What the browser would send for the step in flight, or null when no step is in flight. */
export type PendingStep =
  | { kind: "visit"; href: string }
  | { kind: "submit"; action: string; method: string; encType: string; formData: FormData };

/** The navigation (or, with none, the one submitting fetcher) whose route module was being loaded. */
export function pendingStep(state: RouterSteps): PendingStep | null {
  const { navigation } = state;
  if (navigation.state !== "idle") {
    if (navigation.formData && navigation.formAction && navigation.formMethod?.toLowerCase() !== "get")
      return {
        kind: "submit",
        action: navigation.formAction,
        method: navigation.formMethod ?? "post",
        encType: navigation.formEncType ?? "application/x-www-form-urlencoded",
        formData: navigation.formData,
      };
    const { pathname, search, hash } = navigation.location;
    return { kind: "visit", href: `${pathname}${search}${hash}` };
  }
  const submitting = [...state.fetchers.values()].filter(
    (fetcher) => fetcher.state === "submitting" && fetcher.formData && fetcher.formAction,
  );
  const [fetcher] = submitting;
  if (!fetcher || submitting.length > 1) return null;
  return {
    kind: "submit",
    action: fetcher.formAction!,
    method: fetcher.formMethod ?? "post",
    encType: fetcher.formEncType ?? "application/x-www-form-urlencoded",
    formData: fetcher.formData!,
  };
}

/** Sends the form data as a form without JavaScript would: a document navigation. */
function submitAsPlainForm(step: Extract<PendingStep, { kind: "submit" }>) {
  const form = document.createElement("form");
  form.method = step.method;
  form.action = step.action;
  form.enctype = step.encType === "multipart/form-data" ? step.encType : "application/x-www-form-urlencoded";
  form.hidden = true;
  for (const [name, value] of step.formData) {
    const input = document.createElement("input");
    input.name = name;
    if (typeof value === "string") {
      input.type = "hidden";
      input.value = value;
    } else {
      input.type = "file";
      const files = new DataTransfer();
      files.items.add(value);
      input.files = files.files;
    }
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

interface NavigateEventLike extends Event {
  navigationType: string;
  userInitiated: boolean;
}

/**
 * Turns Remix's reload of the current page after a failed route module into the step the user
 * took. Remix reloads with `location.reload()`, which browsers with the Navigation API announce
 * as a cancelable "navigate" event before it starts; elsewhere Remix's reload stays. `steps` is
 * what the router has in flight, as Remix's public hooks told the page (~/utils/router-steps).
 */
export function finishStepsWhoseRouteModuleFailed(steps: () => RouterSteps | null) {
  const navigation = (window as { navigation?: EventTarget }).navigation;
  if (!navigation) return;
  navigation.addEventListener("navigate", (event) => {
    const navigate = event as NavigateEventLike;
    // A reload the user asks for (the browser's button) is theirs to keep.
    if (navigate.navigationType !== "reload" || navigate.userInitiated || !navigate.cancelable) return;
    const state = steps();
    const step = state ? pendingStep(state) : null;
    if (!step) return;
    navigate.preventDefault();
    if (step.kind === "visit") window.location.assign(step.href);
    else submitAsPlainForm(step);
  });
}
