// A submit button carrying a customization intent: without JavaScript it posts the whole form
// with that intent; with JavaScript it edits the draft in the browser instead.
import type { ReactNode } from "react";
import { intentValue, type CustomizationIntent } from "./fields";
import { useHydrated } from "~/utils/use-hydrated";
import { Button, type ButtonLook } from "~/components/ui/button";

export function IntentButton({
  intent,
  onIntent,
  label,
  children,
  ...props
}: {
  intent: CustomizationIntent;
  onIntent(intent: CustomizationIntent): void;
  label?: string;
  children: ReactNode;
} & ButtonLook) {
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      name="intent"
      value={intentValue(intent)}
      variant="default"
      size="xs"
      aria-label={label}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onIntent(intent);
      }}
      {...props}
    >
      {children}
    </Button>
  );
}
