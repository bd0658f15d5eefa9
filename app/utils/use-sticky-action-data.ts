// The action's answer (a form's errors, a "confirm first", a message) as long as the page stays
// where the action left it. Remix clears action data on every completed navigation — also on a
// revalidation, which live updates run whenever a hub pushes — so a push would otherwise wipe
// validation messages or close a confirmation while the user reads it. A real navigation (a new
// location, such as the redirect after a save or a link) still clears it.
import { useActionData, useLocation } from "@remix-run/react";
import { useRef } from "react";

export function useStickyActionData<T>(): T | undefined {
  const actionData = useActionData() as T | undefined;
  const { key } = useLocation();
  const kept = useRef<{ key: string; data: T | undefined }>({ key, data: actionData });
  if (actionData !== undefined) kept.current = { key, data: actionData };
  else if (kept.current.key !== key) kept.current = { key, data: undefined };
  return kept.current.data;
}
