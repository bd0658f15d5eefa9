// The spec's dialogs move the focus to their first button 300 ms after they open (administration.md,
// "Confirmation dialog behaviour"). A user who presses a key or the pointer before then has chosen
// where the focus goes: moving it anyway would send their next Enter to another button (Tab to
// "Reboot", Enter, and the dialog cancels instead). So the first press cancels the move.
import { useIsomorphicEffect } from "@mantine/hooks";
import type { RefObject } from "react";

const dialogFirstFocusMs = 300;

const userPresses = ["keydown", "pointerdown"] as const;

export function useDialogFirstFocus(target: RefObject<HTMLElement | null>, open = true) {
  // A layout effect: the timer and the listeners are in place before the dialog is painted, so no
  // press can come between the dialog appearing and the listeners that notice it.
  useIsomorphicEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => target.current?.focus(), dialogFirstFocusMs);
    const userChose = () => clearTimeout(timer);
    for (const press of userPresses) document.addEventListener(press, userChose, { capture: true, once: true });
    return () => {
      clearTimeout(timer);
      for (const press of userPresses) document.removeEventListener(press, userChose, { capture: true });
    };
  }, [open, target]);
}
