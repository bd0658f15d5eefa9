// The plain list elements write exactly the HTML of the Mantine components they stand for, under
// the app's theme, so users, axe and Mantine's CSS cannot tell them apart.
import {
  Anchor,
  Badge,
  Card,
  Group,
  MantineProvider,
  Stack,
  Table,
  Text,
  type AnchorProps,
  type BadgeProps,
  type CardProps,
  type GroupProps,
  type StackProps,
  type TextProps,
} from "@mantine/core";
import { createElement as h, type FunctionComponent, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  PlainAnchor,
  PlainBadge,
  PlainCard,
  PlainDotBadge,
  PlainGroup,
  PlainStack,
  PlainText,
  RowHeaderCell,
  TableCell,
  TableRow,
} from "~/components/plain";
import { StatusBadge } from "~/components/stations/StatusBadge";
import { theme } from "~/theme";

// Text and Badge are polymorphic; as a paragraph and a div, the way the app uses them.
const MantineText = Text as unknown as FunctionComponent<TextProps & { id?: string; children?: ReactNode }>;
const MantineBadge = Badge as unknown as FunctionComponent<BadgeProps & { children?: ReactNode }>;
// Group, Card, Stack and Anchor as the app renders them: as other elements, with attributes.
type Polymorphic<Props> = FunctionComponent<Props & Record<string, unknown> & { children?: ReactNode }>;
const MantineGroup = Group as unknown as Polymorphic<GroupProps>;
const MantineCard = Card as unknown as Polymorphic<CardProps>;
const MantineStack = Stack as unknown as Polymorphic<StackProps>;
const MantineAnchor = Anchor as unknown as Polymorphic<AnchorProps>;
const MantineText2 = Text as unknown as Polymorphic<TextProps>;
const PlainLink = PlainAnchor as unknown as Polymorphic<{ component: "a" }>;

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

  it("write Group, Card and list Stacks as Mantine does", () => {
    const groups = [
      {},
      { gap: "sm", wrap: "nowrap" },
      { gap: "xs" },
      { gap: 4, wrap: "wrap" },
      { component: "li", justify: "space-between", wrap: "wrap", gap: "xs" },
      { justify: "space-between", align: "flex-start", wrap: "nowrap" },
      { justify: "space-between", wrap: "wrap", gap: "sm", "data-testid": "order-row" },
    ] as const;
    for (const props of groups) expect(html(h(PlainGroup, props, "x"))).toBe(html(h(MantineGroup, props, "x")));
    const cards = [
      { padding: "md", component: "section", "aria-labelledby": "station-MCS-0042" },
      { padding: "sm", component: "li", "data-testid": "system-event" },
      { padding: "xs", component: "li" },
    ] as const;
    for (const props of cards)
      expect(html(h(PlainCard, props, "x"))).toBe(html(h(MantineCard, { withBorder: true, ...props }, "x")));
    for (const gap of [2, 6, "xs"] as const)
      expect(html(h(PlainStack, { gap }, "x"))).toBe(html(h(Stack, { gap }, "x")));
    const list = { listStyle: "none" };
    expect(
      html(h(PlainStack, { component: "ul", gap: 6, style: { ...list, margin: "0rem", padding: "0rem" } }, "x")),
    ).toBe(html(h(MantineStack, { component: "ul", gap: 6, p: 0, m: 0, style: list }, "x")));
  });

  it("write Text's other forms as Mantine does", () => {
    const pairs = [
      [{}, {}],
      [{ dimmed: true }, { c: "dimmed" }],
      [
        { component: "span", size: "sm", dimmed: true, style: { fontWeight: 400 } },
        { span: true, size: "sm", c: "dimmed", fw: 400 },
      ],
      [
        { component: "time", size: "sm", dimmed: true, dateTime: "2026-11-24T05:00:00Z" },
        { component: "time", size: "sm", c: "dimmed", dateTime: "2026-11-24T05:00:00Z" },
      ],
      [
        { style: { fontWeight: 700, textAlign: "right", width: "2.5ch" }, "aria-hidden": "true" },
        { fw: 700, w: "2.5ch", ta: "right", "aria-hidden": "true" },
      ],
    ] as const;
    for (const [plain, mantine] of pairs)
      expect(html(h(PlainText, plain as object, "x"))).toBe(html(h(MantineText2, mantine, "x")));
  });

  it("write dot badges and anchors as Mantine does", () => {
    for (const color of ["green", "orange", "red", "gray", "violet", "brand"] as const)
      expect(html(h(PlainDotBadge, { color }, "Connected"))).toBe(
        html(h(MantineBadge, { color, variant: "dot", radius: "sm" }, "Connected")),
      );
    expect(html(h(PlainLink, { component: "a", href: "/appView?channel=1" }, "x"))).toBe(
      html(h(MantineAnchor, { component: "a", href: "/appView?channel=1" }, "x")),
    );
    expect(html(h(PlainLink, { component: "a", style: { fontWeight: 600 }, href: "/x" }, "x"))).toBe(
      html(h(MantineAnchor, { component: "a", href: "/x", fw: 600 }, "x")),
    );
    const inline = { display: "inline-flex", alignItems: "center", gap: 4 };
    expect(html(h(PlainLink, { component: "a", size: "sm", style: inline, href: "/x", "aria-label": "QR" }, "x"))).toBe(
      html(h(MantineAnchor, { component: "a", href: "/x", size: "sm", "aria-label": "QR", style: inline }, "x")),
    );
  });
});
