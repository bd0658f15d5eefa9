// With JavaScript, a page that shows something growing (a rollout at work, a listener chart up to
// now) looks again every so often while it is visible; without, it shows a refresh link.
import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

export function useRevalidateEvery(everyMs: number, active: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (state === "idle" && document.visibilityState === "visible") revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, revalidate, state]);
}
