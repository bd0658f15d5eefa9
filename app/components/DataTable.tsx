// A server-driven table: sort headers, pages and page size are links and GET forms carrying the
// state in the query string (DESIGN.md §4 "Tables"), so they work without JavaScript; with it
// they are client navigations and the page-size choice applies on change.
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconSearch, IconX } from "~/components/icons";
import { useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LinkActionIcon } from "~/components/ui/action-icon";
import { Button, LinkButton } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { NativeSelect } from "~/components/ui/native-select";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";
import { TextInput } from "~/components/ui/text-input";
import { dialogParams, withSearchParams } from "~/utils/url";
import { useSaveChangeMadeBeforeHydration } from "~/utils/use-save-change-made-before-hydration";
import { defaultPageSizes, pageCount, type TableState } from "~/utils/table-state";

const regularWeight = { fontWeight: 400 };

export interface Column<Row> {
  key: string;
  label: string;
  sortable?: boolean;
  render(row: Row): ReactNode;
  /** The cell that names the row (a row header for screen readers). */
  isRowHeader?: boolean;
}

export interface DataTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey(row: Row): string;
  state: TableState;
  total: number;
  pageSizes?: readonly number[];
  emptyText?: string;
  /** Paging controls; off for short lists that show everything. */
  paged?: boolean;
}

function SortHeader({ column, state }: { column: Column<unknown>; state: TableState }) {
  const { t } = useTranslation();
  const location = useLocation();
  const active = state.sort === column.key;
  const nextOrder = active && state.order === "asc" ? "desc" : "asc";
  const Icon = !active ? IconArrowsSort : state.order === "asc" ? IconArrowUp : IconArrowDown;
  const sortedState = !active
    ? null
    : state.order === "asc"
      ? t("dataTable.sortedAscending")
      : t("dataTable.sortedDescending");
  return (
    <Link
      className="table-sort-link"
      to={withSearchParams(location, { sort: column.key, order: nextOrder, page: null })}
      preventScrollReset
    >
      {column.label}
      <Icon size={14} aria-hidden="true" />
      {/* The leading space keeps it apart from the column's name in text browsers. */}
      <span className="visually-hidden">{` ${[sortedState, t("dataTable.sortBy", { column: column.label })].filter(Boolean).join(", ")}`}</span>
    </Link>
  );
}

/** Hidden inputs that carry the table's other query parameters through a GET form. */
function KeepParams({ except }: { except: string[] }) {
  const location = useLocation();
  const params = [...new URLSearchParams(location.search)].filter(
    ([key]) => !except.includes(key) && key !== "page" && !(dialogParams as readonly string[]).includes(key),
  );
  return (
    <>
      {params.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
    </>
  );
}

export function PageSizeForm({
  state,
  pageSizes = defaultPageSizes,
}: {
  state: TableState;
  pageSizes?: readonly number[];
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const apply = (changed: HTMLFormElement | null) => submit(changed, { preventScrollReset: true });
  useSaveChangeMadeBeforeHydration(form, apply);
  return (
    <Form ref={form} method="get" preventScrollReset>
      <KeepParams except={["size"]} />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NativeSelect
          name="size"
          label={t("dataTable.rowsPerPage")}
          defaultValue={String(state.pageSize)}
          data={pageSizes.map((size) => String(size))}
          onChange={(event) => apply(event.currentTarget.form)}
          w={110}
        />
        <Button type="submit" variant="default" className="no-js-only">
          {t("actions.apply")}
        </Button>
      </Group>
    </Form>
  );
}

export function SearchForm({
  state,
  label,
  children,
  fields = [],
}: {
  state: TableState;
  label: string;
  /** More filter fields sent with the search (the stations' status, say), before its button. */
  children?: ReactNode;
  /** Their names: the form sends them itself. */
  fields?: string[];
}) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="get" role="search" preventScrollReset>
      <KeepParams except={["q", ...fields]} />
      {/* With more fields than the search, they wrap on a phone rather than widen the page. */}
      <Group gap="xs" align="flex-end" wrap={children ? "wrap" : "nowrap"}>
        <TextInput
          name="q"
          type="search"
          label={label}
          placeholder={t("searchPlaceholder")}
          defaultValue={state.search}
          key={state.search}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          w={260}
        />
        {children}
        <Button type="submit" variant="default">
          {t("actions.search")}
        </Button>
        {state.search ? (
          <LinkActionIcon
            to={withSearchParams(location, { q: null, page: null })}
            variant="subtle"
            size="lg"
            aria-label={t("actions.clearSearch")}
            mb={4}
          >
            <IconX size={18} aria-hidden="true" />
          </LinkActionIcon>
        ) : null}
      </Group>
    </Form>
  );
}

export function Pagination({
  state,
  total,
  pageSizes,
}: {
  state: TableState;
  total: number;
  pageSizes?: readonly number[];
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="md" gap="md" align="flex-end">
      <PageSizeForm state={state} pageSizes={pageSizes} />
      <PageNavigation page={state.page} pageSize={state.pageSize} total={total} label={t("dataTable.pagination")} />
    </Group>
  );
}

/** Previous/next links for the page in `param` of the current URL, with the range shown. */
export function PageNavigation({
  page: requested,
  pageSize,
  total,
  label,
  param = "page",
}: {
  page: number;
  pageSize: number;
  total: number;
  label: string;
  param?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const pages = pageCount(total, pageSize);
  const page = Math.min(requested, pages);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const link = (target: number, text: string) =>
    target >= 1 && target <= pages ? (
      <LinkButton to={withSearchParams(location, { [param]: target })} variant="default" size="xs" preventScrollReset>
        {text}
      </LinkButton>
    ) : (
      <Button variant="default" size="xs" disabled>
        {text}
      </Button>
    );
  return (
    <Group gap="sm" component="nav" aria-label={label}>
      <Text size="sm" aria-live="polite">
        {t("dataTable.range", { from, to, total })} · {t("dataTable.pageOf", { page, pages })}
      </Text>{" "}
      {link(page - 1, t("dataTable.previous"))} {link(page + 1, t("dataTable.next"))}
    </Group>
  );
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  state,
  total,
  pageSizes,
  emptyText,
  paged = true,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  return (
    <>
      <TableScroll minWidth={600} stacked>
        <Table striped highlightOnHover verticalSpacing="sm" stacked>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={
                    column.sortable && state.sort === column.key
                      ? state.order === "asc"
                        ? "ascending"
                        : "descending"
                      : undefined
                  }
                >
                  {column.sortable ? <SortHeader column={column as Column<unknown>} state={state} /> : column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {/* Plain rows and cells: a page of rows repeats them hundreds of times. Each cell's
                content is one element and names its column, for the stacked rows on a phone. */}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>
                  <Text dimmed>{emptyText ?? t("dataTable.noEntries")}</Text>
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) =>
                    column.isRowHeader ? (
                      <th key={column.key} scope="row" style={regularWeight} data-label={column.label}>
                        <div>{column.render(row)}</div>
                      </th>
                    ) : (
                      <td key={column.key} data-label={column.label}>
                        <div>{column.render(row)}</div>
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </TableScroll>
      {paged ? <Pagination state={state} total={total} pageSizes={pageSizes} /> : null}
    </>
  );
}
