// The plain list elements write exactly the HTML of the Mantine components they stand for, under
// the app's theme, so users, axe and Mantine's CSS cannot tell them apart.
import {
  ActionIcon,
  Anchor,
  AppShell,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  Loader,
  MantineProvider,
  NativeSelect,
  NavLink,
  Progress,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  type AnchorProps,
  type BadgeProps,
  type CardProps,
  type GroupProps,
  type StackProps,
  type TextProps,
} from "@mantine/core";
import { Link } from "@remix-run/react";
import { StaticRouter } from "react-router-dom/server";
import { createElement as h, type FunctionComponent, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  PlainAnchor,
  PlainBadge,
  PlainCard,
  PlainDotBadge,
  PlainGroup,
  PlainStack,
  PlainText,
  PlainTitle,
  RowHeaderCell,
  TableCell,
  TableRow,
} from "~/components/plain";
import {
  PlainActionIcon,
  PlainAnchorButton,
  PlainButton,
  PlainLinkActionIcon,
  PlainLinkButton,
} from "~/components/plain-button";
import {
  PlainCheckbox,
  PlainRadio,
  PlainRadioGroup,
  PlainRadioGroupFrame,
  type RadioChoice,
} from "~/components/plain-choices";
import { PlainAvatar, PlainLoader, PlainProgress } from "~/components/plain-indicators";
import { PlainSelect, PlainTextInput } from "~/components/plain-select";
import {
  PlainTable,
  PlainTableScroll,
  PlainTbody,
  PlainTd,
  PlainTh,
  PlainThead,
  PlainTr,
} from "~/components/plain-table";
import { Footer } from "~/components/shell/Footer";
import {
  ShellDivider,
  ShellFrame,
  ShellHeader,
  ShellMain,
  ShellNavbar,
  ShellNavLink,
  ShellSection,
  ShellTitle,
} from "~/components/shell/plain-shell";
import { SettingsCard } from "~/components/stations/form-parts";
import { renderingI18n } from "~/i18n/i18next.server";
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

// Inside the i18next instance a page renders with (entry.server.tsx), in English. Without one,
// react-i18next warns and a component's texts are their keys.
const i18n = await renderingI18n("en");
const warn = vi.spyOn(console, "warn");
afterAll(() => {
  expect(
    warn.mock.calls.map((call) => String(call[0])).filter((message) => message.startsWith("react-i18next")),
  ).toEqual([]);
});
const html = (node: ReactNode) =>
  renderToStaticMarkup(
    h(
      I18nextProvider,
      { i18n },
      h(MantineProvider, { theme, withCssVariables: false, withGlobalClasses: false }, node),
    ),
  );

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

describe("the App view's rows", () => {
  const MantineActionIcon = ActionIcon as unknown as Polymorphic<Record<string, unknown>>;
  const icon = h("svg", { "aria-hidden": "true" });

  it("write the move buttons as Mantine's ActionIcon does, enabled and disabled", () => {
    for (const disabled of [false, true]) {
      const props = {
        type: "submit",
        name: "intent",
        value: "moveChannel",
        variant: "default",
        size: "lg",
        disabled,
        "aria-label": "Move Hall up",
      } as const;
      expect(html(h(PlainActionIcon, { ...props, children: icon }))).toBe(html(h(MantineActionIcon, props, icon)));
    }
  });

  it("write the drag handle as Mantine's subtle ActionIcon does, with dnd-kit's attributes", () => {
    const props = {
      variant: "subtle",
      size: "lg",
      style: { cursor: "grab", touchAction: "none" },
      role: "button",
      tabIndex: 0,
      "aria-disabled": false,
      "aria-pressed": undefined,
      "aria-roledescription": "sortable",
      "aria-describedby": "DndDescribedBy-0",
      onKeyDown: () => {},
      "aria-label": "Drag Hall to another position",
    } as const;
    expect(html(h(PlainActionIcon, { ...props, children: icon }))).toBe(html(h(MantineActionIcon, props, icon)));
  });

  it("write the position field as Mantine's TextInput without a label does", () => {
    const props = {
      name: "position",
      type: "number",
      min: 1,
      max: 50,
      defaultValue: "3",
      "aria-label": "Position of Hall",
      w: 72,
    } as const;
    const sameIds = (markup: string) => markup.replace(/mantine-R[A-Za-z0-9]+/g, "mantine-id");
    expect(sameIds(html(h(PlainTextInput, props)))).toBe(sameIds(html(h(TextInput, props))));
  });

  it("write a station card's heading as Mantine's Title does", () => {
    expect(html(h(PlainTitle, { order: 3, size: "h4", id: "station-MCS-0042" }, "Hall"))).toBe(
      html(h(Title, { order: 3, size: "h4", id: "station-MCS-0042" }, "Hall")),
    );
  });

  it("write a draggable row's card as Mantine's Card does, resting and dragged", () => {
    for (const dragging of [false, true]) {
      const style = {
        transform: dragging ? "translate3d(0px, 40px, 0) scaleX(1) scaleY(1)" : undefined,
        transition: dragging ? "transform 250ms ease" : undefined,
        zIndex: dragging ? 2 : undefined,
        position: "relative",
      } as const;
      const shadow = dragging ? "md" : undefined;
      expect(html(h(PlainCard, { component: "li", padding: "xs", style, shadow }, "x"))).toBe(
        html(h(MantineCard, { component: "li", withBorder: true, padding: "xs", style, shadow }, "x")),
      );
    }
  });

  it("write a Moderator's list of audience mics as Mantine's Stack, Card and Text do", () => {
    const list = { listStyle: "none" };
    expect(
      html(
        h(
          PlainStack,
          { component: "ul", gap: "sm", style: { ...list, margin: "0rem", padding: "0rem" }, "aria-label": "Mics" },
          "x",
        ),
      ),
    ).toBe(html(h(MantineStack, { component: "ul", gap: "sm", p: 0, m: 0, style: list, "aria-label": "Mics" }, "x")));
    expect(html(h(PlainCard, { component: "li", padding: "md" }, "x"))).toBe(
      html(h(MantineCard, { component: "li", withBorder: true, padding: "md" }, "x")),
    );
    expect(html(h(PlainText, { style: { fontWeight: 700 } }, "Hall"))).toBe(html(h(MantineText2, { fw: 700 }, "Hall")));
  });
});

describe("plain form controls", () => {
  const choices = [
    { value: "auto", label: "Automatic" },
    { value: "manual", label: "Manual", disabled: true },
  ];

  it("write a select as Mantine's NativeSelect does, with label, description, error, disabled and required", () => {
    const variants = [
      { id: "mode", name: "mode", label: "Mode", defaultValue: "auto", data: choices },
      { id: "mode", name: "mode", label: "Mode", description: "How it runs", data: choices, maw: 420 },
      { id: "mode", name: "mode", label: "Mode", error: "Choose one", data: choices },
      { id: "mode", name: "mode", label: "Mode", description: "How it runs", error: "Choose one", data: choices },
      { id: "size", name: "size", label: "Rows", defaultValue: "25", data: ["10", "25", "50"], w: 110 },
      { id: "lang", name: "language", label: "Language", data: ["en", "de"], style: { flex: 1 } },
      { id: "mode", name: "mode", label: "Mode", data: choices, disabled: true, required: true },
      { id: "mode", name: "mode", label: "Mode", error: "Choose one", data: choices, disabled: true },
    ];
    for (const props of variants) expect(html(h(PlainSelect, props))).toBe(html(h(NativeSelect, props)));
  });

  it("write a number field as Mantine's TextInput does, with description, error and required", () => {
    const number = {
      id: "gain",
      name: "gain",
      type: "number",
      inputMode: "numeric",
      min: -12,
      max: 12,
      step: 1,
      label: "Gain",
      w: 220,
    } as const;
    const variants = [
      { ...number, defaultValue: "3" },
      { ...number, description: "In dB", defaultValue: "3" },
      // NumberField spreads conform's props (id, name, defaultValue, required) first.
      { required: true, defaultValue: "3", ...number, error: "Too loud" },
      { ...number, description: "In dB", error: "Too loud", disabled: true },
    ];
    for (const props of variants) expect(html(h(PlainTextInput, props))).toBe(html(h(TextInput, props)));
  });

  it("write a settings card as Mantine's Card with its Title does", () => {
    // Card is polymorphic; as the section the app renders.
    const MantineCard = Card as unknown as FunctionComponent<Record<string, unknown> & { children?: ReactNode }>;
    const mantine = h(
      MantineCard,
      { withBorder: true, padding: "lg", component: "section", "aria-labelledby": "audio-title" },
      h(Title, { order: 2, size: "h3", id: "audio-title", mb: "md" }, "Audio"),
      "the form",
    );
    expect(html(h(SettingsCard, { id: "audio-title", title: "Audio", children: "the form" }))).toBe(html(mantine));
  });

  it("give a select without an id one, and wire its label to it", () => {
    const markup = html(h(PlainSelect, { name: "size", label: "Rows", data: ["10"] }));
    const id = /<select[^>]* id="([^"]+)"/.exec(markup)?.[1];
    expect(id).toMatch(/^mantine-/);
    expect(markup).toContain(`for="${id}" id="${id}-label"`);
  });

  it("write a radio group as Mantine's Radio.Group of Radios in a Group does", () => {
    // Both generate the radios' ids (React's useId, in different places of the tree).
    const sameIds = (markup: string) => markup.replace(/mantine-R[A-Za-z0-9]+/g, "mantine-id");
    const radioChoices: RadioChoice[] = [
      { value: "dhcp", label: "DHCP" },
      { value: "static", label: "Static", description: "Fixed address" },
      { value: "off", label: "Off", disabled: true },
    ];
    const variants = [
      { id: "ip", name: "ip", label: "Address", defaultValue: "static" },
      { id: "ip", name: "ip", label: "Address", description: "How it gets one" },
      { id: "ip", name: "ip", label: "Address", error: "Choose one", defaultValue: "dhcp" },
      { id: "ip", name: "ip", label: "Address", description: "How it gets one", error: "Choose one" },
    ];
    for (const props of variants) {
      const radios = radioChoices.map((choice) =>
        h(Radio, {
          key: choice.value,
          name: props.name,
          value: choice.value,
          label: choice.label,
          description: choice.description,
          disabled: choice.disabled,
        }),
      );
      const mantine = h(Radio.Group, { ...props, children: h(Group, { gap: "lg", mt: "xs" }, radios) });
      expect(sameIds(html(h(PlainRadioGroup, { ...props, choices: radioChoices })))).toBe(sameIds(html(mantine)));
    }
  });

  it("write the firmware tab's versions and licence box as Mantine's Radio.Group, Radios and Checkbox do", () => {
    const sameIds = (markup: string) => markup.replace(/mantine-R[A-Za-z0-9]+/g, "mantine-id");
    const versions = [
      { value: "fw-7", label: "7.0.0", description: "Newer, 2026-11-01" },
      { value: "fw-6", label: "6.2.0", description: "Installed", disabled: true },
    ];
    const notes = (Anchor: "mantine" | "plain", version: string) =>
      Anchor === "mantine"
        ? h(MantineAnchor, { href: `/notes/${version}`, target: "_blank", rel: "noreferrer", size: "sm" }, version)
        : h(
            PlainLink,
            { component: "a", href: `/notes/${version}`, target: "_blank", rel: "noreferrer", size: "sm" },
            version,
          );
    const group = { id: "firmwareId", name: "firmwareId", label: "Version", description: "Pick one" };
    for (const [defaultValue, error] of [
      ["fw-7", undefined],
      [undefined, "Choose a version"],
    ] as const) {
      const mantine = h(Radio.Group, {
        ...group,
        defaultValue,
        error,
        children: h(
          MantineStack,
          { gap: "sm", mt: "xs" },
          versions.map((choice) =>
            h(
              MantineGroup,
              { key: choice.value, gap: "md", align: "flex-start", wrap: "nowrap" },
              h(Radio, { name: group.name, ...choice }),
              notes("mantine", choice.label),
            ),
          ),
        ),
      });
      const plain = h(PlainRadioGroupFrame, {
        ...group,
        defaultValue,
        error,
        children: h(
          PlainStack,
          { gap: "sm", style: { marginTop: "var(--mantine-spacing-xs)" } },
          versions.map((choice) =>
            h(
              PlainGroup,
              { key: choice.value, gap: "md", align: "flex-start", wrap: "nowrap" },
              h(PlainRadio, { choice }),
              notes("plain", choice.label),
            ),
          ),
        ),
      });
      expect(sameIds(html(plain))).toBe(sameIds(html(mantine)));
    }
    for (const error of [undefined, "Accept the licence"]) {
      const eula = { id: "eula", name: "eulaAccepted", label: "I accept the licence", error };
      expect(html(h(PlainCheckbox, { ...eula, description: notes("plain", "EULA") }))).toBe(
        html(h(Checkbox, { ...eula, description: notes("mantine", "EULA") })),
      );
    }
  });

  it("label each radio for its own input", () => {
    const markup = html(
      h(PlainRadioGroup, { id: "ip", name: "ip", label: "Address", choices: [{ value: "dhcp", label: "DHCP" }] }),
    );
    const id = /<input[^>]* id="([^"]+)"/.exec(markup)?.[1];
    expect(markup).toContain(`for="${id}"`);
  });

  it("write a checkbox as Mantine's Checkbox does, with description, error and disabled", () => {
    const sameIds = (markup: string) => markup.replace(/mantine-R[A-Za-z0-9]+/g, "mantine-id");
    const variants = [
      { id: "on", name: "on", label: "Enabled" },
      { id: "on", name: "on", label: "Enabled", description: "Listeners hear it", defaultChecked: true },
      { id: "on", name: "on", label: "Enabled", error: "Not now" },
      { id: "on", name: "on", label: "Enabled", description: "Listeners hear it", error: "Not now" },
      { id: "on", label: "Uplink", description: "Not available", disabled: true },
    ];
    for (const props of variants) expect(html(h(PlainCheckbox, props))).toBe(html(h(Checkbox, props)));
    // A token's scope: one of several boxes of one name, each with its value.
    const scope = { name: "scopes", value: "stations:read", label: "Read stations", defaultChecked: true };
    expect(sameIds(html(h(PlainCheckbox, scope)))).toBe(sameIds(html(h(Checkbox, scope))));
    // Without an id (the restart dialog's "keep network settings"), each generates its own.
    // and the channel's unavailable uplink, disabled with neither id nor name.
    for (const withoutId of [
      { name: "keepNetworkSettings", label: "Keep", defaultChecked: true },
      { label: "Uplink", description: "Not available", disabled: true },
    ])
      expect(sameIds(html(h(PlainCheckbox, withoutId)))).toBe(sameIds(html(h(Checkbox, withoutId))));
  });
});

describe("plain tables", () => {
  it("write the tables' frames as Mantine's Table and native scroll container do", () => {
    type Look = Record<string, unknown>;
    const mantine = (look: Look, minWidth?: number) => {
      const table = h(
        Table,
        look,
        h("caption", null, "Stations"),
        h(Table.Thead, null, h(Table.Tr, null, h(Table.Th, { scope: "col", "aria-sort": "ascending" }, "Name"))),
        h(
          Table.Tbody,
          null,
          h(Table.Tr, null, h(Table.Th, { scope: "row", fw: 400 }, "MCS-0042"), h(Table.Td, null, "x")),
        ),
      );
      return minWidth ? h(Table.ScrollContainer, { type: "native", minWidth, children: table }) : table;
    };
    const plain = (look: Look, minWidth?: number) => {
      const table = h(
        PlainTable,
        { verticalSpacing: "sm", ...look },
        h("caption", null, "Stations"),
        h(PlainThead, null, h(PlainTr, null, h(PlainTh, { scope: "col", "aria-sort": "ascending" }, "Name"))),
        h(PlainTbody, null, h(PlainTr, null, h(PlainTh, { scope: "row", fw: 400 }, "MCS-0042"), h(PlainTd, null, "x"))),
      );
      return minWidth ? h(PlainTableScroll, { minWidth }, table) : table;
    };
    const looks: Array<[Look, number | undefined]> = [
      [{ striped: true, highlightOnHover: true, verticalSpacing: "sm" }, 600], // DataTable
      [{ striped: true, verticalSpacing: "sm" }, 560], // a station's channels
      [{ highlightOnHover: true, verticalSpacing: "sm" }, 600], // API tokens
    ];
    for (const [look, minWidth] of looks) expect(html(plain(look, minWidth))).toBe(html(mantine(look, minWidth)));
  });

  it("write FactsTable's table as Mantine's Table does", () => {
    const facts = (Tag: "mantine" | "plain", look: Record<string, unknown>) => {
      const [T, Tbody, Tr, Th, Td] =
        Tag === "mantine"
          ? [Table, Table.Tbody, Table.Tr, Table.Th, Table.Td]
          : [PlainTable, PlainTbody, PlainTr, PlainTh, PlainTd];
      return h(
        T as FunctionComponent<Record<string, unknown>>,
        { withRowBorders: false, verticalSpacing: 6, maw: 600, ...look },
        h(
          Tbody as FunctionComponent<{ children: ReactNode }>,
          null,
          h(
            Tr as FunctionComponent<{ children: ReactNode }>,
            null,
            h(
              Th as FunctionComponent<Record<string, unknown>>,
              { scope: "row", w: "42%", fw: 600, style: { verticalAlign: "top" } },
              "Firmware",
            ),
            h(Td as FunctionComponent<{ children: ReactNode }>, null, "6.2.0"),
          ),
        ),
      );
    };
    for (const look of [{}, { mt: "md" }, { horizontalSpacing: "xs" }])
      expect(html(facts("plain", look))).toBe(html(facts("mantine", look)));
  });
});

describe("plain shell", () => {
  const MantineShell = AppShell as unknown as Polymorphic<Record<string, unknown>> & {
    Header: Polymorphic<Record<string, unknown>>;
    Navbar: Polymorphic<Record<string, unknown>>;
    Section: Polymorphic<Record<string, unknown>>;
    Main: Polymorphic<Record<string, unknown>>;
  };
  const MantineNavLink = NavLink as unknown as Polymorphic<Record<string, unknown>>;
  const navbar = { id: "main-navigation", "aria-label": "Main", className: "shell-navbar" } as const;

  it("writes AppShell, its header, navbar, sections and main as Mantine does, open and collapsed", () => {
    for (const open of [true, false]) {
      const dataOpen = open ? "true" : "false";
      const mantine = h(
        MantineShell,
        {
          header: { height: 60 },
          navbar: { width: 295, breakpoint: 1000, collapsed: { mobile: !open } },
          padding: "md",
        },
        h(MantineShell.Header, null, "header"),
        h(
          MantineShell.Navbar,
          { p: "sm", component: "nav", ...navbar, "data-open": dataOpen },
          h(MantineShell.Section, { grow: true }, "links"),
          h(MantineShell.Section, null, "logout"),
        ),
        h(MantineShell.Main, { id: "main", tabIndex: -1 }, "page"),
      );
      const plain = h(
        ShellFrame,
        { navCollapsed: !open },
        h(ShellHeader, null, "header"),
        h(
          ShellNavbar,
          { ...navbar, "data-open": dataOpen },
          h(ShellSection, { grow: true }, "links"),
          h(ShellSection, null, "logout"),
        ),
        h(ShellMain, { id: "main", tabIndex: -1 }, "page"),
      );
      // Mantine marks its root as resizing on the server and clears that after mount, restyling the
      // whole page; the plain shell is settled from the start (plain-shell.tsx, useResizing).
      const settled = (markup: string) => markup.replace(' data-resizing="true"', "");
      expect(html(mantine)).toContain(' data-resizing="true"');
      expect(html(plain)).toBe(settled(html(mantine)));
      const withNonce = (node: ReactNode) =>
        renderToStaticMarkup(
          h(
            MantineProvider,
            { theme, withCssVariables: false, withGlobalClasses: false, getStyleNonce: () => "n0nce" },
            node,
          ),
        );
      expect(withNonce(plain)).toBe(settled(withNonce(mantine)));
    }
  });

  it("writes the nav links, dividers, header groups and page title as Mantine does", () => {
    const inRouter = (node: ReactNode) => html(h(StaticRouter, { location: "/stations" }, node));
    for (const active of [true, false]) {
      const icon = h("svg", { "aria-hidden": "true" });
      expect(
        inRouter(h(ShellNavLink, { to: "/stations", label: "Stations", leftSection: icon, active, onClick: () => {} })),
      ).toBe(
        inRouter(
          h(MantineNavLink, {
            component: Link,
            to: "/stations",
            label: "Stations",
            leftSection: icon,
            active,
            "aria-current": active ? "page" : undefined,
            onClick: () => {},
          }),
        ),
      );
    }
    expect(html(h(ShellDivider))).toBe(html(h(Divider, { my: "xs" })));
    expect(
      html(
        h(
          PlainGroup,
          {
            style: { paddingInline: "var(--mantine-spacing-md)", height: "100%" },
            justify: "space-between",
            wrap: "nowrap",
          },
          "x",
        ),
      ),
    ).toBe(html(h(MantineGroup, { h: "100%", px: "md", justify: "space-between", wrap: "nowrap" }, "x")));
    const footer = { backendVersion: "6.2.0", accountsUrl: "https://accounts.example/", documentationsUrl: "" };
    const link = (page: string, text: string) =>
      h(
        MantineAnchor,
        { size: "sm", href: `https://accounts.example/${page}`, target: "_blank", rel: "noreferrer" },
        text,
      );
    expect(html(h(Footer, { links: footer }))).toBe(
      html(
        h(
          MantineGroup,
          {
            component: "footer",
            justify: "space-between",
            mt: "xl",
            pt: "md",
            gap: "xs",
            style: { borderTop: "1px solid var(--mantine-color-default-border)" },
          },
          h(MantineText, { size: "sm", c: "dimmed", "data-testid": "backend-version" } as TextProps, "Version 6.2.0"),
          h(
            MantineGroup,
            { gap: "md", component: "nav", "aria-label": "Legal" },
            link("imprint", "Imprint"),
            " ",
            link("terms-of-use", "Terms of use"),
            " ",
            link("privacy", "Privacy"),
          ),
        ),
      ),
    );
    expect(html(h(ShellTitle, { "data-testid": "page-title" }, "Stations"))).toBe(
      html(
        h(
          MantineText2,
          { component: "p", fw: 700, size: "lg", truncate: true, "data-testid": "page-title" },
          "Stations",
        ),
      ),
    );
  });
});

describe("plain buttons and indicators", () => {
  const MantineButton = Button as unknown as Polymorphic<Record<string, unknown>>;
  const MantineActionIcon = ActionIcon as unknown as Polymorphic<Record<string, unknown>>;
  const AnyPlain = (component: unknown) => component as Polymorphic<Record<string, unknown>>;
  const inRouter = (node: ReactNode) => html(h(StaticRouter, { location: "/stations/MCS-0042" }, node));
  const icon = h("svg", { "aria-hidden": "true" });

  it("write every button the app renders as Mantine's Button does, loading included", () => {
    // [plain props, Mantine props (the same but for style props)]
    const buttons: Array<[Record<string, unknown>, Record<string, unknown>?]> = [
      [{}],
      [{ type: "submit", name: "intent", value: "save", loading: false }],
      [{ type: "submit", name: "intent", value: "save", loading: true }],
      [{ type: "submit", name: "intent", value: "save", loading: false, variant: "default" }],
      [{ type: "submit", name: "intent", value: "save", loading: true, color: "red" }],
      [{ type: "submit", name: "intent", value: "save", loading: false, disabled: true }],
      [
        {
          type: "submit",
          name: "intent",
          value: "rename",
          loading: false,
          style: { marginTop: "calc(1.5625rem * var(--mantine-scale))" },
        },
        { type: "submit", name: "intent", value: "rename", loading: false, mt: 25 },
      ],
      [{ type: "submit", variant: "default", className: "no-js-only" }],
      [{ type: "submit", variant: "light", color: "red", fullWidth: true }],
      [{ type: "submit", variant: "default", fullWidth: true, leftSection: icon }],
      [
        {
          type: "submit",
          variant: "subtle",
          color: "gray",
          fullWidth: true,
          justify: "flex-start",
          style: { fontWeight: 400 },
          leftSection: icon,
        },
        {
          type: "submit",
          variant: "subtle",
          color: "gray",
          fullWidth: true,
          justify: "flex-start",
          fw: 400,
          leftSection: icon,
        },
      ],
      [{ disabled: true, "aria-describedby": "reason" }],
      [{ disabled: true, "aria-describedby": "reason", variant: "default" }],
      [{ variant: "default", size: "xs", disabled: true }],
      [{ type: "submit", variant: "default", size: "xs" }],
      [{ type: "submit", name: "intent", value: "cancel", variant: "default", disabled: false }],
      [{ type: "submit", name: "intent", value: "x", color: "orange", loading: false, disabled: false }],
      ...(["brand", "red", "gray", "orange", "green"] as const).map(
        (color) => [{ color, variant: "filled" }] as [Record<string, unknown>],
      ),
      [{ type: "submit", fullWidth: true, size: "md", loading: false }],
      [{ type: "submit", fullWidth: true, size: "md", loading: true }],
    ];
    for (const [plain, mantine = plain] of buttons)
      expect(html(h(AnyPlain(PlainButton), plain, "Save"))).toBe(html(h(MantineButton, mantine, "Save")));
  });

  it('write link and anchor buttons as Mantine\'s Button with component={Link} or "a" does', () => {
    const links: Array<Record<string, unknown>> = [
      { to: "/stations/MCS-0042?confirm=reboot", preventScrollReset: true },
      { to: "/stations/MCS-0042?confirm=reboot", preventScrollReset: true, variant: "default" },
      { to: "/stations/MCS-0042?confirm=reboot", preventScrollReset: true, color: "red", variant: "light", size: "xs" },
      { to: "/stations/MCS-0042", preventScrollReset: true, replace: true, variant: "default", "aria-disabled": true },
      { to: "/apiTokens", replace: true },
    ];
    for (const props of links)
      expect(inRouter(h(AnyPlain(PlainLinkButton), props, "Reboot"))).toBe(
        inRouter(h(MantineButton, { component: Link, ...props }, "Reboot")),
      );
    const anchors: Array<Record<string, unknown>> = [
      { href: "/qrcode/svg", variant: "default" },
      { href: "/qrcode/png", variant: "default", leftSection: icon },
    ];
    for (const props of anchors)
      expect(html(h(AnyPlain(PlainAnchorButton), props, "SVG"))).toBe(
        html(h(MantineButton, { component: "a", ...props }, "SVG")),
      );
  });

  it("write the action icons as Mantine's ActionIcon does", () => {
    const menu = {
      to: "/stations?nav=1",
      className: "shell-burger",
      variant: "subtle",
      size: "lg",
      "aria-label": "Open menu",
      "aria-expanded": false,
      "aria-controls": "main-navigation",
    };
    expect(inRouter(h(AnyPlain(PlainLinkActionIcon), menu, icon))).toBe(
      inRouter(h(MantineActionIcon, { component: Link, ...menu }, icon)),
    );
    const buttons: Array<Record<string, unknown>> = [
      { variant: "default", size: "lg", "aria-label": "Copy", color: "gray" },
      { variant: "light", size: "lg", "aria-label": "Copied", color: "green" },
      {
        variant: "filled",
        size: "lg",
        "aria-label": "Copied",
        color: "green",
        style: { marginBottom: "calc(0.25rem * var(--mantine-scale))" },
      },
      { type: "submit", variant: "default", size: "lg", "aria-label": "Next page", disabled: true },
      { type: "submit", variant: "default", size: "lg", "aria-label": "Next page" },
    ];
    for (const props of buttons) {
      // `mb={4}` on Mantine's, as the style it writes on the plain one.
      const mantine = props.style ? { ...props, style: undefined, mb: 4 } : props;
      expect(html(h(AnyPlain(PlainActionIcon), props, icon))).toBe(html(h(MantineActionIcon, mantine, icon)));
    }
  });

  it("write the loader, the progress bars and the avatar as Mantine does", () => {
    for (const size of ["xs", "sm"] as const)
      expect(html(h(PlainLoader, { size, "aria-hidden": "true" }))).toBe(
        html(h(Loader, { size, "aria-hidden": "true" } as Record<string, unknown>)),
      );
    expect(
      html(
        h(PlainProgress, {
          value: 42,
          size: "lg",
          "aria-label": "42 %",
          style: { maxWidth: "calc(35rem * var(--mantine-scale))" },
        }),
      ),
    ).toBe(html(h(Progress, { value: 42, size: "lg", "aria-label": "42 %", maw: 560 })));
    const busy = { position: "absolute", top: "0rem", left: "0rem", right: "0rem" } as const;
    expect(
      html(h(PlainProgress, { value: 100, animated: true, size: "xs", radius: 0, "aria-hidden": "true", style: busy })),
    ).toBe(
      html(
        h(Progress, {
          value: 100,
          animated: true,
          size: "xs",
          radius: 0,
          "aria-hidden": "true",
          pos: "absolute",
          top: 0,
          left: 0,
          right: 0,
        } as Record<string, unknown> as never),
      ),
    );
    const MantineAvatar = Avatar as unknown as Polymorphic<Record<string, unknown>>;
    expect(html(h(PlainAvatar, null, "AB"))).toBe(
      html(
        h(MantineAvatar, { component: "span", color: "brand", radius: "xl", size: "md", "aria-hidden": "true" }, "AB"),
      ),
    );
  });
});
