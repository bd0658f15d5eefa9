// An element id when the caller gives none: React's (the same on the server and in the browser),
// without its colons, which html-validate's id rule refuses.
import { useId } from "react";

export function useElementId(id?: string) {
  const generated = `ui-${useId().replace(/:/g, "")}`;
  return id ?? generated;
}
