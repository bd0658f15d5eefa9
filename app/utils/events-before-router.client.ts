// Until the page has hydrated, React must not see a click or a key press. React answers such an
// event on a page it has not hydrated yet by hydrating the page at once, synchronously; but
// RemixBrowser waits (suspends) until the page's streamed state is decoded, and a synchronous
// render cannot wait: React gives the page up and it stays unhydrated for good ("Root did not
// complete", docs/decisions/047-performance-budget-and-upgrade-checklist.md#early-event-hold). Held
// back from React, the event does what it does without JavaScript: a link navigates, a form
// submits, a <details> opens, a field takes the typing; a control that saves on change is submitted
// once the page has hydrated (use-save-change-made-before-hydration.ts).

/** React's events that hydrate a page at once (react-dom's discrete, replayable events). */
const eventsThatHydrate = [
  "auxclick",
  "change",
  "click",
  "compositionend",
  "compositionstart",
  "contextmenu",
  "copy",
  "cut",
  "dblclick",
  "dragend",
  "dragstart",
  "drop",
  "input",
  "keydown",
  "keypress",
  "keyup",
  "mousedown",
  "mouseup",
  "paste",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "reset",
  "submit",
  "touchcancel",
  "touchend",
  "touchstart",
] as const;

/** Keeps those events from React (registered on window, before React's on the document) until `ready`. */
export function holdEventsFromReactUntil(ready: () => boolean) {
  const hold = (event: Event) => {
    if (ready()) release();
    else event.stopPropagation();
  };
  const release = () => {
    for (const type of eventsThatHydrate) window.removeEventListener(type, hold, true);
  };
  for (const type of eventsThatHydrate) window.addEventListener(type, hold, true);
}
