// A page with several forms asks before leaving while any of them has unsaved changes (one
// UnsavedChangesGuard per page: the router supports one blocker at a time).
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { UnsavedChangesGuard } from "~/components/UnsavedChangesGuard";

const ReportDirty = createContext<(formId: string, dirty: boolean) => void>(() => {});
const AnyDirty = createContext(false);

export function DirtyFormsGuard({ children }: { children: ReactNode }) {
  const [dirtyForms, setDirtyForms] = useState<Record<string, boolean>>({});
  const report = useCallback(
    (formId: string, dirty: boolean) =>
      setDirtyForms((current) => (Boolean(current[formId]) === dirty ? current : { ...current, [formId]: dirty })),
    [],
  );
  const anyDirty = Object.values(dirtyForms).some(Boolean);
  return (
    <ReportDirty.Provider value={report}>
      <AnyDirty.Provider value={anyDirty}>
        <UnsavedChangesGuard when={anyDirty} />
        {children}
      </AnyDirty.Provider>
    </ReportDirty.Provider>
  );
}

/** Whether a form on the page has unsaved changes (always false without JavaScript). */
export function useHasUnsavedChanges() {
  return useContext(AnyDirty);
}

/** Tells the page's guard whether this form has unsaved changes. */
export function useReportDirty(formId: string, dirty: boolean) {
  const report = useContext(ReportDirty);
  useEffect(() => {
    report(formId, dirty);
    return () => report(formId, false);
  }, [formId, dirty, report]);
}
