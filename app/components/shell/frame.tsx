// The shell's frame: a fixed header, the navigation (a sidebar from 1000 px, a drawer over the
// page below, opened as URL state so it works without JavaScript) and the page. Its layout is
// app.css's `.shell-*` rules, on the theme's variables.
import { Link } from "@remix-run/react";
import { startTransition, useEffect, useState, type ReactNode } from "react";

const transitionDuration = 200;

/**
 * `data-resizing` while the window is being resized (until 200 ms after the last resize): the
 * navigation does not slide when the layout switches between sidebar and drawer. A page's first
 * styles never transition, so there is nothing to hold back at load, and setting it then would
 * restyle the whole page once more after hydration (docs/decisions/047-performance-budget-and-upgrade-checklist.md#live-updates-after-load).
 */
function useResizing() {
  const [resizing, setResizing] = useState(false);
  useEffect(() => {
    let timeout = -1;
    const onResize = () => {
      setResizing(true);
      window.clearTimeout(timeout);
      timeout = window.setTimeout(() => startTransition(() => setResizing(false)), transitionDuration);
    };
    window.addEventListener("resize", onResize);
    return () => {
      window.removeEventListener("resize", onResize);
      window.clearTimeout(timeout);
    };
  }, []);
  return resizing;
}

export function ShellFrame({ navOpen, children }: { navOpen: boolean; children?: ReactNode }) {
  const resizing = useResizing();
  return (
    <div className="shell" data-nav-open={navOpen ? "true" : "false"} data-resizing={resizing || undefined}>
      {children}
    </div>
  );
}

export function ShellHeader({ children }: { children?: ReactNode }) {
  // react-remove-scroll's class: a dialog's scroll lock (Mantine's Modal) pads the fixed header too.
  return <header className="shell-header right-scroll-bar-position">{children}</header>;
}

export function ShellNavbar({
  children,
  ...attributes
}: {
  id: string;
  "aria-label": string;
  "data-open": "true" | "false";
  children?: ReactNode;
}) {
  return (
    <nav className="shell-navbar" {...attributes}>
      {children}
    </nav>
  );
}

export function ShellSection({ grow = false, children }: { grow?: boolean; children?: ReactNode }) {
  return (
    <div className="shell-section" data-grow={grow || undefined}>
      {children}
    </div>
  );
}

export function ShellMain({ id, tabIndex, children }: { id: string; tabIndex: number; children?: ReactNode }) {
  return (
    <main className="shell-main" id={id} tabIndex={tabIndex}>
      {children}
    </main>
  );
}

export function ShellDivider() {
  return <div className="shell-divider" role="separator" />;
}

/** An entry of the navigation: icon and label, marked as the current page when it is. */
export function ShellNavLink({
  to,
  label,
  leftSection,
  active,
  onClick,
}: {
  to: string;
  label: ReactNode;
  leftSection: ReactNode;
  active: boolean;
  onClick?: () => void;
}) {
  // The space after the link keeps the links apart in text browsers (they ignore the CSS that puts
  // each on its own line).
  return (
    <>
      <Link className="shell-nav-link" to={to} aria-current={active ? "page" : undefined} onClick={onClick}>
        <span className="shell-nav-link-icon" aria-hidden="true">
          {leftSection}
        </span>
        {/* The label in the small size inside a line of the body's size, as tall as the icon's row. */}
        <span className="shell-nav-link-body">
          <span>{label}</span>
        </span>
      </Link>{" "}
    </>
  );
}
