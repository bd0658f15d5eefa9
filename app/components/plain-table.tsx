// Mantine's `Table` (with `Table.ScrollContainer type="native"`, `Thead`, `Tbody`, `Tr`, `Th`,
// `Td`) written as plain elements with the same classes, data attributes and CSS variables.
// Mantine's Table module imports its ScrollArea scroll container, and with it @floating-ui (19 KB
// gzipped), into every page that shows a table — the native scroll container the app uses needs
// none of it (docs/decisions/047-performance-budget-and-upgrade-checklist.md#own-primitives). The
// rows of DataTable's long lists are plain.tsx's TableRow and TableCell, under a
// `<PlainTable striped highlightOnHover>`.
// tests/console/plain-markup.test.ts renders each variant used next to Mantine's.
import { createContext, useContext, type CSSProperties, type ReactNode, type ThHTMLAttributes } from "react";
import { mantineRem } from "~/components/plain-units";

type Spacing = "xs" | "sm" | number;

const spacing = (value: Spacing) => (typeof value === "number" ? mantineRem(value) : `var(--mantine-spacing-${value})`);

interface RowLook {
  striped: boolean;
  highlightOnHover: boolean;
  withRowBorders: boolean;
}

const RowLookContext = createContext<RowLook>({ striped: false, highlightOnHover: false, withRowBorders: true });

/** `<Table.ScrollContainer type="native" minWidth>`. */
export function PlainTableScroll({ minWidth, children }: { minWidth: number; children?: ReactNode }) {
  return (
    <div
      style={{ "--table-min-width": mantineRem(minWidth), "--table-overflow": "auto" } as CSSProperties}
      className="m_a100c15 mantine-TableScrollContainer-scrollContainer"
    >
      <div className="m_62259741 mantine-TableScrollContainer-scrollContainerInner">{children}</div>
    </div>
  );
}

/** `<Table striped highlightOnHover withRowBorders verticalSpacing horizontalSpacing mt maw>`. */
export function PlainTable({
  striped = false,
  highlightOnHover = false,
  withRowBorders = true,
  verticalSpacing,
  horizontalSpacing,
  mt,
  maw,
  children,
}: {
  striped?: boolean;
  highlightOnHover?: boolean;
  withRowBorders?: boolean;
  verticalSpacing: Spacing;
  horizontalSpacing?: Spacing;
  mt?: "md";
  maw?: number;
  children?: ReactNode;
}) {
  const style = {
    ...(horizontalSpacing !== undefined ? { "--table-horizontal-spacing": spacing(horizontalSpacing) } : {}),
    "--table-vertical-spacing": spacing(verticalSpacing),
    ...(mt ? { marginTop: `var(--mantine-spacing-${mt})` } : {}),
    ...(maw !== undefined ? { maxWidth: mantineRem(maw) } : {}),
  } as CSSProperties;
  return (
    <RowLookContext.Provider value={{ striped, highlightOnHover, withRowBorders }}>
      <table style={style} className="m_b23fa0ef mantine-Table-table">
        {children}
      </table>
    </RowLookContext.Provider>
  );
}

export function PlainThead({ children }: { children?: ReactNode }) {
  return <thead className="m_b242d975 mantine-Table-thead">{children}</thead>;
}

export function PlainTbody({ children }: { children?: ReactNode }) {
  return <tbody className="m_b2404537 mantine-Table-tbody">{children}</tbody>;
}

export function PlainTr({ children }: { children?: ReactNode }) {
  const look = useContext(RowLookContext);
  return (
    <tr
      className="m_4e7aa4fd mantine-Table-tr"
      data-with-row-border={look.withRowBorders || undefined}
      data-striped={look.striped ? "odd" : undefined}
      data-hover={look.highlightOnHover || undefined}
    >
      {children}
    </tr>
  );
}

/** `<Table.Th scope fw w style>`: Mantine writes `style` first, then `fw` and `w`. */
export function PlainTh({
  fw,
  w,
  style,
  children,
  ...props
}: { fw?: number; w?: string; style?: CSSProperties; children?: ReactNode } & Pick<
  ThHTMLAttributes<HTMLTableCellElement>,
  "scope" | "aria-sort"
>) {
  const hasStyle = style !== undefined || fw !== undefined || w !== undefined;
  return (
    <th
      style={
        hasStyle
          ? { ...style, ...(fw !== undefined ? { fontWeight: fw } : {}), ...(w !== undefined ? { width: w } : {}) }
          : undefined
      }
      className="m_4e7aa4f3 mantine-Table-th"
      {...props}
    >
      {children}
    </th>
  );
}

export function PlainTd({ colSpan, children }: { colSpan?: number; children?: ReactNode }) {
  return (
    <td className="m_4e7aa4ef mantine-Table-td" colSpan={colSpan}>
      {children}
    </td>
  );
}
