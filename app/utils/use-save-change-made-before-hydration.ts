// A form that saves when one of its controls changes (the dark-mode switch, the language, the
// rows per page) shows a state that is not saved when the change came before the page hydrated:
// the browser flipped the control, but React never heard of it (utils/events-before-router.client.ts
// holds such events back), and with hydration the Apply button that would have saved it is hidden.
// Once hydrated, a form whose controls no longer show what the server rendered is submitted, so
// what the screen shows is what is saved (issue 25, item 6).
import { useEffect, type RefObject } from "react";

type FormControl = Element &
  Partial<Pick<HTMLInputElement, "type" | "checked" | "defaultChecked" | "value" | "defaultValue">>;

/** Whether a control shows something other than what the server rendered into it. */
export function changedSinceRendered(control: Element): boolean {
  if (control instanceof HTMLSelectElement)
    return [...control.options].some((option) => option.selected !== option.defaultSelected);
  const field = control as FormControl;
  if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
  if (field.type === "hidden" || field.type === "submit" || field.type === "button") return false;
  return typeof field.value === "string" && field.value !== field.defaultValue;
}

export function useSaveChangeMadeBeforeHydration(
  formRef: RefObject<HTMLFormElement | null>,
  save: (form: HTMLFormElement) => void,
) {
  useEffect(() => {
    const form = formRef.current;
    if (form && [...form.elements].some(changedSinceRendered)) save(form);
    // Once, right after hydration: later changes reach the form's own onChange.
  }, []);
}
