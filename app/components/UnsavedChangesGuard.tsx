// The unsaved-changes guard (JavaScript comfort, spec §2): leaving a page with unsaved changes
// asks first (yes / cancel); closing the tab gets the browser's own prompt. Saving a form posts
// to its own page and is never blocked.
//
// The question is Mantine's Modal, which with its focus trap, transitions and portal is too much
// for every form page's first load
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#after-hydration): it comes with
// the chunk every page loads once hydrated (after-hydration.ts), is rendered once a form has
// changes — before anything can be blocked — and stays mounted while they last, so its close
// transition plays. Should the chunk fail to load, the browser's own confirm asks instead.
import { useBeforeUnload, useBlocker } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import type { UnsavedChangesDialogProps } from "~/components/UnsavedChangesDialog";

function ConfirmInstead({ opened, onStay, onLeave, texts }: UnsavedChangesDialogProps) {
  // Once per blocked navigation, however often the page renders meanwhile.
  const asked = useRef(false);
  useEffect(() => {
    if (!opened) {
      asked.current = false;
      return;
    }
    if (asked.current) return;
    asked.current = true;
    if (window.confirm(texts.message)) onLeave();
    else onStay();
  }, [opened, onStay, onLeave, texts.message]);
  return null;
}

const UnsavedChangesDialog = lazy<ComponentType<UnsavedChangesDialogProps>>(() =>
  import("~/components/after-hydration").then(
    (module) => ({ default: module.UnsavedChangesDialog }),
    () => ({ default: ConfirmInstead }),
  ),
);

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    useCallback(
      ({
        currentLocation,
        nextLocation,
      }: {
        currentLocation: { pathname: string };
        nextLocation: { pathname: string };
      }) => when && currentLocation.pathname !== nextLocation.pathname,
      [when],
    ),
  );

  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!when) return;
        event.preventDefault();
        // Browsers show their own text; the spec's "Are you sure you want to exit?" is the intent.
        event.returnValue = t("unsavedChanges.beforeUnload");
      },
      [when, t],
    ),
  );

  const blocked = blocker.state === "blocked";
  const stay = useCallback(() => blocker.reset?.(), [blocker]);
  const leave = useCallback(() => blocker.proceed?.(), [blocker]);
  if (!when && !blocked) return null;
  return (
    <Suspense fallback={null}>
      <UnsavedChangesDialog
        opened={blocked}
        onStay={stay}
        onLeave={leave}
        texts={{
          title: t("unsavedChanges.title"),
          message: t("unsavedChanges.message"),
          stay: t("unsavedChanges.cancel"),
          leave: t("unsavedChanges.confirm"),
          close: t("actions.close"),
        }}
      />
    </Suspense>
  );
}
