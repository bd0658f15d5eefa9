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
import { useBeforeUnload, useBlocker, useLocation, useNavigate, type Location } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import type { UnsavedChangesDialogProps } from "~/components/UnsavedChangesDialog";
import { setLeaveQuestionOpen } from "~/live/leave-question";

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
  const navigate = useNavigate();
  const location = useLocation();
  // Set when the user said "Yes" after the router had already let go of the blocked navigation:
  // the guard's own navigation there must not be asked about again.
  const leaving = useRef(false);
  useEffect(() => {
    leaving.current = false;
  }, [location]);
  const blocker = useBlocker(
    useCallback(
      ({
        currentLocation,
        nextLocation,
      }: {
        currentLocation: { pathname: string };
        nextLocation: { pathname: string };
      }) => when && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
      [when],
    ),
  );

  // Where the user asked to go, kept here: a revalidation that completes while the question is
  // open (another's fetcher, a live update already under way) resets the router's blocker, and
  // the question must stay, and its "Yes" still go there (issue 33).
  const [asked, setAsked] = useState<Location | null>(null);
  useEffect(() => {
    if (blocker.state === "blocked") setAsked(blocker.location);
  }, [blocker]);
  const open = asked !== null;
  useEffect(() => {
    setLeaveQuestionOpen(open);
    return () => setLeaveQuestionOpen(false);
  }, [open]);

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

  const stay = useCallback(() => {
    blocker.reset?.();
    setAsked(null);
  }, [blocker]);
  const leave = useCallback(() => {
    if (blocker.state === "blocked") blocker.proceed();
    else if (asked) {
      leaving.current = true;
      navigate({ pathname: asked.pathname, search: asked.search, hash: asked.hash }, { state: asked.state });
    }
    setAsked(null);
  }, [blocker, asked, navigate]);
  if (!when && !open) return null;
  return (
    <Suspense fallback={null}>
      <UnsavedChangesDialog
        opened={open}
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
