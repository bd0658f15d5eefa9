// The shell's frame — Mantine's AppShell with its header, navbar, sections and main, its nav
// links and dividers — written as plain elements with Mantine's exact HTML (classes, data
// attributes, CSS variables, the `<style>` of `--app-shell-*` variables). Mantine's AppShell
// header imports react-remove-scroll only for one class name, which put react-remove-scroll and
// its helpers before hydration on every signed-in page, and its components were rendered on every
// request (docs/decisions/047-performance-budget-and-upgrade-checklist.md#own-primitives).
// tests/console/plain-markup.test.ts renders each part next to Mantine's.
import { useMantineStyleNonce } from "#mantine/core/core/MantineProvider/Mantine.context.mjs";
import { useWindowEvent } from "@mantine/hooks";
import { Link } from "@remix-run/react";
import { startTransition, useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";

// AppShell's variables for `header={{ height: 60 }} navbar={{ width: 295, breakpoint: 1000,
// collapsed: { mobile } }} padding="md"`: below the breakpoint the navbar is full width and,
// while collapsed, moved out of view.
const baseVariables =
  ":root{--app-shell-navbar-width:calc(18.4375rem * var(--mantine-scale));--app-shell-navbar-offset:calc(18.4375rem * var(--mantine-scale));--app-shell-header-height:calc(3.75rem * var(--mantine-scale));--app-shell-header-offset:calc(3.75rem * var(--mantine-scale));--app-shell-padding:var(--mantine-spacing-md);}";
const shellVariables = {
  open: `${baseVariables}@media(max-width: 62.5em){:root{--app-shell-navbar-width:100%;--app-shell-navbar-offset:0px;}}`,
  collapsed: `${baseVariables}@media(max-width: 62.49375em){:root{--app-shell-navbar-width:100%;--app-shell-navbar-offset:0px;--app-shell-navbar-transform:translateX(calc(var(--app-shell-navbar-width) * -1));--app-shell-navbar-transform-rtl:translateX(var(--app-shell-navbar-width));}}`,
};

const rootStyle = {
  "--app-shell-transition-duration": "200ms",
  "--app-shell-transition-timing-function": "ease",
} as CSSProperties;
const transitionDuration = 200;

/**
 * Mantine's `data-resizing`, only while the window is being resized (until 200 ms after the last
 * resize), so the navbar does not slide when the layout switches. Mantine also sets it on the
 * server and clears it 200 ms after mount; that clearing changes a custom property on the shell's
 * root, which every element of the page inherits, so the browser restyled the whole page once more
 * after hydration (94 ms under 4× CPU throttling on the App view). A page's first styles never
 * transition, so there is nothing for it to hold back at load
 * (docs/decisions/047-performance-budget-and-upgrade-checklist.md#live-updates-after-load).
 */
function useResizing() {
  const [resizing, setResizing] = useState(false);
  const timeout = useRef<number>(-1);
  useWindowEvent("resize", () => {
    setResizing(true);
    window.clearTimeout(timeout.current);
    timeout.current = window.setTimeout(() => startTransition(() => setResizing(false)), transitionDuration);
  });
  useEffect(() => () => window.clearTimeout(timeout.current), []);
  return resizing;
}

/** `<AppShell header={{ height: 60 }} navbar={{ width: 295, breakpoint: 1000, collapsed: { mobile: navCollapsed } }} padding="md">`. */
export function ShellFrame({ navCollapsed, children }: { navCollapsed: boolean; children?: ReactNode }) {
  const nonce = useMantineStyleNonce();
  const resizing = useResizing();
  return (
    <>
      <style
        data-mantine-styles="inline"
        nonce={nonce?.()}
        dangerouslySetInnerHTML={{ __html: navCollapsed ? shellVariables.collapsed : shellVariables.open }}
      />
      <div style={rootStyle} className="m_89ab340 mantine-AppShell-root" data-resizing={resizing || undefined}>
        {children}
      </div>
    </>
  );
}

const headerStyle = { "--app-shell-header-z-index": "100" } as CSSProperties;

/** `<AppShell.Header>` (with react-remove-scroll's class for scroll-bar compensation). */
export function ShellHeader({ children }: { children?: ReactNode }) {
  return (
    <header
      style={headerStyle}
      className="m_3b16f56b mantine-AppShell-header right-scroll-bar-position"
      data-with-border="true"
    >
      {children}
    </header>
  );
}

const navbarStyle = {
  "--app-shell-navbar-z-index": "calc(100 + 1)",
  padding: "var(--mantine-spacing-sm)",
} as CSSProperties;

/** `<AppShell.Navbar p="sm" component="nav">`. */
export function ShellNavbar({
  className,
  children,
  ...attributes
}: {
  id: string;
  "aria-label": string;
  className: string;
  "data-open": "true" | "false";
  children?: ReactNode;
}) {
  return (
    <nav
      style={navbarStyle}
      className={`m_45252eee mantine-AppShell-navbar ${className}`}
      data-with-border="true"
      {...attributes}
    >
      {children}
    </nav>
  );
}

/** `<AppShell.Section grow?>`. */
export function ShellSection({ grow = false, children }: { grow?: boolean; children?: ReactNode }) {
  return (
    <div className="m_6dcfc7c7 mantine-AppShell-section" data-grow={grow || undefined}>
      {children}
    </div>
  );
}

/** `<AppShell.Main id tabIndex>`. */
export function ShellMain({ id, tabIndex, children }: { id: string; tabIndex: number; children?: ReactNode }) {
  return (
    <main className="m_8983817 mantine-AppShell-main" id={id} tabIndex={tabIndex}>
      {children}
    </main>
  );
}

const dividerStyle: CSSProperties = { marginBlock: "var(--mantine-spacing-xs)" };

/** `<Divider my="xs" />`. */
export function ShellDivider() {
  return (
    <div
      style={dividerStyle}
      className="m_3eebeb36 mantine-Divider-root"
      data-orientation="horizontal"
      role="separator"
    />
  );
}

/** `<NavLink component={Link} to label leftSection active aria-current>` (no children, no description). */
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
  return (
    <Link
      className="mantine-focus-auto m_f0824112 mantine-NavLink-root m_87cf2631 mantine-UnstyledButton-root"
      data-active={active || undefined}
      to={to}
      aria-current={active ? "page" : undefined}
      onClick={onClick}
    >
      <span className="m_690090b5 mantine-NavLink-section" data-position="left">
        {leftSection}
      </span>
      <div className="m_f07af9d2 mantine-NavLink-body">
        <span className="m_1f6ac4c4 mantine-NavLink-label">{label}</span>
        <span className="m_57492dcc mantine-NavLink-description" data-active={active || undefined} />
      </div>
    </Link>
  );
}

const titleStyle = {
  "--text-fz": "var(--mantine-font-size-lg)",
  "--text-lh": "var(--mantine-line-height-lg)",
  fontWeight: 700,
} as CSSProperties;

/** `<Text component="p" fw={700} size="lg" truncate>`: the header's page title. */
export function ShellTitle({ children, ...attributes }: { "data-testid": string; children?: ReactNode }) {
  return (
    <p
      style={titleStyle}
      className="mantine-focus-auto m_b6d8b162 mantine-Text-root"
      data-size="lg"
      data-truncate="end"
      {...attributes}
    >
      {children}
    </p>
  );
}
