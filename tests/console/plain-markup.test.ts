// The plain list elements write exactly the HTML of the Mantine components they stand for, under
// the app's theme, so users, axe and Mantine's CSS cannot tell them apart.
import { Badge, MantineProvider, Stack, Table, Text, type BadgeProps, type TextProps } from "@mantine/core";
import { createElement as h, type FunctionComponent, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PlainBadge, PlainStack, PlainText, RowHeaderCell, TableCell, TableRow } from "~/components/plain";
import { StatusBadge } from "~/components/stations/StatusBadge";
import { theme } from "~/theme";

// Text and Badge are polymorphic; as a paragraph and a div, the way the app uses them.
const MantineText = Text as unknown as FunctionComponent<TextProps & { id?: string; children?: ReactNode }>;
const MantineBadge = Badge as unknown as FunctionComponent<BadgeProps & { children?: ReactNode }>;

const html = (node: ReactNode) =>
  renderToStaticMarkup(h(MantineProvider, { theme, withCssVariables: false, withGlobalClasses: false }, node));

/** A node inside DataTable's `<Table striped highlightOnHover>` body. */
const inTable = (row: ReactNode) =>
  html(h(Table, { striped: true, highlightOnHover: true }, h(Table.Tbody, null, row)));

describe("plain list elements", () => {
  it("write a DataTable row, its cells and its row header as Mantine's Table does", () => {
    const mantine = h(
      Table.Tr,
      null,
      h(Table.Th, { scope: "row", fw: 400 }, "MCS-0042"),
      h(Table.Td, null, "6.2.0"),
      h(Table.Td, { colSpan: 3 }, "empty"),
    );
    const plain = h(
      TableRow,
      null,
      h(RowHeaderCell, null, "MCS-0042"),
      h(TableCell, null, "6.2.0"),
      h(TableCell, { colSpan: 3 }, "empty"),
    );
    expect(inTable(plain)).toBe(inTable(mantine));
  });

  it("write Stack and Text as Mantine does", () => {
    for (const gap of [0, 4] as const) expect(html(h(PlainStack, { gap }, "x"))).toBe(html(h(Stack, { gap }, "x")));
    for (const size of ["xs", "sm"] as const) {
      expect(html(h(PlainText, { size }, "x"))).toBe(html(h(MantineText, { size }, "x")));
      expect(html(h(PlainText, { size, dimmed: true, id: "reason" }, "x"))).toBe(
        html(h(MantineText, { size, c: "dimmed", id: "reason" }, "x")),
      );
    }
  });

  it("write the status badges as Mantine's Badge does", () => {
    const style = { textTransform: "none", flexShrink: 0 } as const;
    for (const color of ["green", "violet", "orange", "red"] as const)
      expect(html(h(PlainBadge, { color }, "Running"))).toBe(
        html(h(MantineBadge, { color, variant: "light", radius: "sm", style }, "Running")),
      );
    expect(html(h(StatusBadge, { tone: "neutral", children: "Unknown" }))).toBe(
      html(h(MantineBadge, { color: "gray", variant: "default", radius: "sm", style }, "Unknown")),
    );
  });
});
