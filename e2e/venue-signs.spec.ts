// Signs to print (issue 29, item 1; docs/decisions/061-printable-signs.md), with JavaScript on and
// off: reached from the App view and from a channel's page; in print media every A4 sheet holds
// four whole cards, every A6 sheet one and every wall page one wall sign, each sheet one page of
// its paper in the PDF Chromium prints, so no card is cut across pages; every QR code on the
// page, read back from a screenshot, is the channel's own join address; PINs appear only when
// ticked; the app's colours and logo frame the signs, and every word on them is at least 7 : 1.
// Issue 38: each layout's PDF, rendered to images (poppler-utils' pdftoppm), has every code
// readable, at least 60 % of its card's width (150 mm on the wall sign) with its white margin
// clear, and the wall sign's name in capitals of 20 mm.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { managerPaths } from "../app/contract/paths";
import { inAppOrder } from "../app/domain/channel-order";
import { contrastRatio, hexFromRgb } from "../app/domain/colours";
import { cardSizes, nameSizeMm, nameType, sheetGeometry, smallestQrCode, type SignLayout } from "../app/domain/signs";
import { pngImage } from "../tests/console/image-fixtures";
import { missingPrograms, requireSystemProgram } from "../tests/support/system-programs";
import { joinLink } from "../simulator/fleet/channels";
import { expect, simulator, test } from "./support/fixtures";
import { pdfPages, points } from "./support/pdf";

interface ManagerChannel {
  id: string;
  name: string;
  index: number;
  stationSerialNumber: string;
  sortId: number;
  channelId: string;
  pinCode: string | null;
  isHidden: boolean;
  isEnabled: boolean;
  accessOptions: { listId: string; singleChannelListId: string };
}

/** The channels listeners see in the app, in app order, as the Manager holds them. */
async function listedChannels() {
  const answer = (await simulator.api("admin", "GET", managerPaths.appView())) as {
    stations: Record<string, { channels: ManagerChannel[] }>;
  };
  const channels = Object.values(answer.stations).flatMap((station) => station.channels);
  return inAppOrder(channels.filter((channel) => channel.isEnabled && !channel.isHidden));
}

// Twice the pixels per module for the QR code screenshots: a 42 mm code is about 160 CSS px.
test.use({ deviceScaleFactor: 2 });

const cards = (page: Page) => page.getByTestId("venue-sign");
const sheets = (page: Page) => page.getByTestId("venue-signs-sheet");
const pixelsPerMm = 96 / 25.4;

/** The text a QR code on the page holds, read from a screenshot of it. */
async function decodeQrCode(image: Locator) {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
  const { data, info } = await sharp(await image.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return (
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null
  );
}

/** Chooses on the page's own GET form, as a user would. */
async function choose(page: Page, choices: { paper?: string; language?: string; pins?: boolean }) {
  if (choices.paper) await page.getByText(choices.paper, { exact: true }).click();
  if (choices.language) await page.getByText(choices.language, { exact: true }).click();
  if (choices.pins !== undefined) {
    const pins = page.getByRole("checkbox", { name: "Print PINs" });
    if ((await pins.isChecked()) !== choices.pins) await page.getByText("Print PINs", { exact: true }).click();
  }
  const url = page.url();
  await page.getByRole("button", { name: "Show signs" }).click();
  await page.waitForURL((next) => next.href !== url);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/**
 * In print media: each sheet fits inside its page's printable area, each card lies whole inside
 * its sheet with nothing on it cut off, and the PDF has exactly one page per sheet, of the
 * layout's paper — so no card continues on another page.
 */
async function expectWholeCardsOnPages(page: Page, layout: SignLayout, cardCount: number) {
  const { pageWidth, pageHeight, margin, columns, rows } = sheetGeometry[layout];
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
  const perSheet = columns * rows;
  const sheetCount = Math.ceil(cardCount / perSheet);
  await expect(sheets(page)).toHaveCount(sheetCount);
  const printable = { width: (pageWidth - 2 * margin) * pixelsPerMm, height: (pageHeight - 2 * margin) * pixelsPerMm };

  for (let sheetIndex = 0; sheetIndex < sheetCount; sheetIndex++) {
    const sheet = sheets(page).nth(sheetIndex);
    const sheetBox = (await sheet.boundingBox())!;
    expect(sheetBox.height, `sheet ${sheetIndex + 1} height`).toBeLessThanOrEqual(printable.height);
    expect(sheetBox.width, `sheet ${sheetIndex + 1} width`).toBeLessThanOrEqual(printable.width);
    const sheetCards = sheet.getByTestId("venue-sign");
    await expect(sheetCards).toHaveCount(Math.min(perSheet, cardCount - sheetIndex * perSheet));
    for (const card of await sheetCards.all()) {
      const box = (await card.boundingBox())!;
      expect(box.y, "card starts inside its sheet").toBeGreaterThanOrEqual(sheetBox.y - 0.5);
      expect(box.y + box.height, "card ends inside its sheet").toBeLessThanOrEqual(sheetBox.y + sheetBox.height + 0.5);
      // Nothing on the card runs past its bottom edge (the card would hide it).
      const overflow = await card.evaluate((element) => {
        const bottom = element.getBoundingClientRect().bottom;
        return [...element.querySelectorAll("*")]
          .filter((child) => child.getBoundingClientRect().bottom > bottom + 0.5)
          .map((child) => child.textContent?.trim() || child.tagName);
      });
      expect(overflow, "cut off at the bottom of the card").toEqual([]);
    }
  }

  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const { count, sizes } = pdfPages(pdf);
  expect(count, "one PDF page per sheet").toBe(sheetCount);
  expect(sizes.length, "the PDF names its paper").toBeGreaterThan(0);
  for (const size of sizes) {
    expect(Math.abs(size.width - points(pageWidth)), `page width ${size.width} pt`).toBeLessThan(2);
    expect(Math.abs(size.height - points(pageHeight)), `page height ${size.height} pt`).toBeLessThan(2);
  }
  await page.emulateMedia({ media: "screen" });
  return pdf;
}

/** Pixels per inch of the rendering: a module of a card's code is 1.4 mm (8 px), of the wall sign's 3.7 mm (11 px). */
const dpiOf = (layout: SignLayout) => (layout === "wall" ? 75 : 150);

/** The PDF's pages as Chromium printed them, rendered by pdftoppm: one RGBA image per page. */
function renderedPages(pdf: Buffer, dpi: number) {
  const directory = mkdtempSync(join(tmpdir(), "signs-pdf-"));
  try {
    writeFileSync(join(directory, "signs.pdf"), pdf);
    execFileSync(requireSystemProgram("poppler-utils"), ["-r", String(dpi), "-png", "signs.pdf", "page"], {
      cwd: directory,
    });
    return readdirSync(directory)
      .filter((name) => name.endsWith(".png"))
      .sort()
      .map((name) => join(directory, name))
      .map((file) => sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true }));
  } finally {
    // sharp reads each file at once into memory: the directory can go when the reads are done.
    setTimeout(() => rmSync(directory, { recursive: true, force: true }), 60_000).unref();
  }
}

interface ReadCode {
  text: string;
  /** The symbol's side, without its white margin, in mm. */
  sizeMm: number;
  /** Pixels of ink in the two modules of white margin around the symbol. */
  inkInMargin: number;
}

/** The QR code on one sign of a rendered page (the card's box on paper), read back and measured. */
async function readCode(
  image: { data: Buffer; info: sharp.OutputInfo },
  dpi: number,
  box: { left: number; top: number; width: number; height: number },
): Promise<ReadCode | null> {
  const pixels = (mm: number) => Math.round((mm * dpi) / 25.4);
  const { data, info } = await sharp(image.data, {
    raw: { width: image.info.width, height: image.info.height, channels: 4 },
  })
    .extract({ left: pixels(box.left), top: pixels(box.top), width: pixels(box.width), height: pixels(box.height) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  if (!found) return null;
  const { topLeftCorner, topRightCorner, bottomLeftCorner } = found.location;
  const side =
    (Math.hypot(topRightCorner.x - topLeftCorner.x, topRightCorner.y - topLeftCorner.y) +
      Math.hypot(bottomLeftCorner.x - topLeftCorner.x, bottomLeftCorner.y - topLeftCorner.y)) /
    2;
  // The quiet zone: the two modules around the symbol that the Manager's code keeps white hold no ink.
  const module = side / (found.version * 4 + 17);
  const dark = (x: number, y: number) => {
    const at = (Math.round(y) * info.width + Math.round(x)) * 4;
    return data[at]! + data[at + 1]! + data[at + 2]! < 3 * 128;
  };
  let inkInMargin = 0;
  const [left, top] = [topLeftCorner.x, topLeftCorner.y];
  for (let offset = 0.4 * module; offset < 2 * module; offset += module / 3) {
    for (let along = -offset; along <= side + offset; along += module / 3) {
      for (const [x, y] of [
        [left + along, top - offset],
        [left + along, top + side + offset],
        [left - offset, top + along],
        [left + side + offset, top + along],
      ] as const) {
        if (x >= 0 && y >= 0 && x < info.width && y < info.height && dark(x, y)) inkInMargin += 1;
      }
    }
  }
  return { text: found.data, sizeMm: (side * 25.4) / dpi, inkInMargin };
}

/** Every sign's code in the PDF, in the order of the sheets' grids, read from pdftoppm's rendering. */
async function codesInPdf(pdf: Buffer, layout: SignLayout, cardCount: number) {
  const { margin, columns, rows, gap } = sheetGeometry[layout];
  const card = cardSizes[layout];
  const codes: Array<ReadCode | null> = [];
  const dpi = dpiOf(layout);
  for (const page of renderedPages(pdf, dpi)) {
    const image = await page;
    for (let slot = 0; slot < columns * rows && codes.length < cardCount; slot++) {
      const [column, row] = [slot % columns, Math.floor(slot / columns)];
      codes.push(
        await readCode(image, dpi, {
          left: margin + column * (card.width + gap),
          top: margin + row * (card.height + gap),
          width: card.width,
          height: card.height,
        }),
      );
    }
  }
  return codes;
}

/** Each channel's code read back from the PDF: its join address, at least the layout's smallest size, its margin clear. */
async function expectReadableCodes(pdf: Buffer, layout: SignLayout, channels: ManagerChannel[]) {
  const codes = await codesInPdf(pdf, layout, channels.length);
  expect(codes).toHaveLength(channels.length);
  for (const [offset, channel] of channels.entries()) {
    const code = codes[offset];
    expect(code?.text, `${layout}: the code on ${channel.name}'s sign`).toBe(joinLink(channel));
    expect(code!.sizeMm, `${layout}: ${channel.name}'s code in mm`).toBeGreaterThanOrEqual(smallestQrCode[layout]);
    expect(code!.inkInMargin, `${layout}: ink in the white margin of ${channel.name}'s code`).toBe(0);
  }
}

const poppler = missingPrograms("poppler-utils");

const layouts = [
  { layout: "a4", paper: "A4, four signs per page", perPage: "four whole cards" },
  { layout: "a6", paper: "A6, one sign per page", perPage: "one whole card" },
  { layout: "wall", paper: "A4, one sign per page, for walls", perPage: "one whole wall sign" },
] as const satisfies ReadonlyArray<{ layout: SignLayout; paper: string; perPage: string }>;

/** The height of a heading's capitals as its face prints them (the "H" of its font), in mm. */
function capitalHeightMm(heading: Locator) {
  return heading.evaluate((element) => {
    const context = document.createElement("canvas").getContext("2d")!;
    const style = getComputedStyle(element);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return (context.measureText("H").actualBoundingBoxAscent * 25.4) / 96;
  });
}

/** A channel listeners see that has a PIN: its sign is the fullest (name, code, PIN, steps). */
async function firstListedWithPin() {
  return (await listedChannels()).find((channel) => channel.pinCode !== null)!;
}

/** Gives a channel another name at the Manager, as its page would. */
async function renameChannel(channel: ManagerChannel, name: string) {
  const station = (await simulator.api("admin", "GET", managerPaths.station(channel.stationSerialNumber))) as {
    audioChannels: Array<Record<string, unknown> & { index: number }>;
  };
  const current = station.audioChannels.find((candidate) => candidate.index === channel.index)!;
  await simulator.api("admin", "PUT", managerPaths.updateAudioChannel(channel.stationSerialNumber), {
    index: current.index,
    name,
    group: current.group,
    isHidden: current.isHidden,
    isEnabled: current.isEnabled,
    uplinkEnabled: current.uplinkEnabled,
    uplinkOutputIndex: current.uplinkOutputIndex,
    inputInterfaceLeft: current.inputInterfaceLeft,
    inputInterfaceRight: current.inputInterfaceRight,
    regenerateAccess: false,
  });
}

test.describe("signs for every channel listeners see", () => {
  test("reached from the App view: a sign per listed channel in app order, each QR code the channel's own join address", async ({
    page,
  }) => {
    const channels = await listedChannels();
    await page.goto("/appView");
    await page.getByRole("link", { name: "Print signs" }).click();
    await expect(page).toHaveURL(/\/appView\/signs$/);
    await expect(page.getByRole("heading", { level: 1, name: "Signs to print" })).toBeVisible();
    await expect(cards(page)).toHaveCount(channels.length);
    for (const [offset, channel] of channels.entries()) {
      const card = cards(page).nth(offset);
      await expect(card.getByRole("heading", { level: 2 })).toHaveText(channel.name);
      await expect(card).toContainText(channel.channelId);
      const qrCode = card.getByRole("img", { name: `QR code to join ${channel.name}` });
      expect(await decodeQrCode(qrCode), channel.name).toBe(joinLink(channel));
    }
    // A channel hidden from the app or not enabled gets no sign.
    await expect(page.getByRole("heading", { name: "Chapel – Organ feed" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Lecture Theatre 1 – Interpreter" })).toHaveCount(0);
    await page.getByRole("link", { name: "Back to the App view" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "App Configuration" })).toBeVisible();
  });

  for (const { layout, paper, perPage } of layouts) {
    test(`${paper} in print media: ${perPage} to a page, each page of its paper, no card cut across pages`, async ({
      page,
    }) => {
      const channels = await listedChannels();
      expect(channels.length, "the default fleet fills more than one A4 page").toBeGreaterThan(4);
      await page.goto("/appView/signs");
      await choose(page, { paper, language: "English and German", pins: true });
      await expect(page).toHaveURL(new RegExp(`layout=${layout}`));
      await expectWholeCardsOnPages(page, layout, channels.length);
      if (layout !== "wall") return;
      // Read from 2 m: the name in capitals of at least 20 mm, as the face prints them, where it fits two lines of them.
      await page.emulateMedia({ media: "print" });
      for (const [offset, channel] of channels.entries()) {
        const capitals = await capitalHeightMm(cards(page).nth(offset).getByRole("heading", { level: 2 }));
        if (nameSizeMm(channel.name, "wall") === nameType.wall.largestMm)
          expect(capitals, `${channel.name}: capitals in mm`).toBeGreaterThanOrEqual(20);
        else expect(capitals, `${channel.name}: capitals in mm`).toBeGreaterThanOrEqual(nameType.wall.smallestMm * 0.7);
      }
      expect(
        channels.filter((channel) => nameSizeMm(channel.name, "wall") === nameType.wall.largestMm).length,
      ).toBeGreaterThan(0);
    });
  }

  test("a PIN is printed only when ticked", async ({ page }) => {
    const withPin = (await listedChannels()).find((channel) => channel.pinCode !== null)!;
    await page.goto("/appView/signs");
    await expect(page.getByTestId("sign-pin")).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText(withPin.pinCode!);

    await choose(page, { pins: true });
    await expect(page).toHaveURL(/pins=1/);
    const card = cards(page).filter({ has: page.getByRole("heading", { name: withPin.name, exact: true }) });
    await expect(card.getByTestId("sign-pin")).toHaveText(withPin.pinCode!);
    await expect(card).toContainText("Enter the PIN when the app asks for it.");
    // Only the channels that have a PIN show one.
    const pinCount = (await listedChannels()).filter((channel) => channel.pinCode !== null).length;
    await expect(page.getByTestId("sign-pin")).toHaveCount(pinCount);

    await choose(page, { pins: false });
    await expect(page).not.toHaveURL(/pins=1/);
    await expect(page.getByTestId("sign-pin")).toHaveCount(0);
  });

  // Issue 33: a PIN-protected channel's sign said nothing about its PIN unless it printed it.
  test("a PIN-protected channel's sign says a PIN is needed without printing it, in English and German", async ({
    page,
  }) => {
    const channels = await listedChannels();
    const withPin = channels.find((channel) => channel.pinCode !== null)!;
    const withoutPin = channels.find((channel) => channel.pinCode === null)!;
    const cardOf = (name: string) => cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
    await page.goto("/appView/signs");
    await choose(page, { language: "English", pins: false });
    await expect(cardOf(withPin.name).getByTestId("sign-pin-needed")).toHaveText("Needed: ask the staff");
    await expect(cardOf(withPin.name)).toContainText("The app asks for a PIN: ask the staff for it.");
    await expect(page.locator("body")).not.toContainText(withPin.pinCode!);
    await expect(cardOf(withoutPin.name)).not.toContainText("PIN");
    const pinCount = channels.filter((channel) => channel.pinCode !== null).length;
    await expect(page.getByTestId("sign-pin-needed")).toHaveCount(pinCount);

    await choose(page, { language: "German" });
    await expect(cardOf(withPin.name).getByTestId("sign-pin-needed")).toHaveText(
      "Erforderlich: beim Personal erfragen",
    );
    await expect(cardOf(withPin.name)).toContainText("Die App fragt nach einer PIN: Fragen Sie das Personal danach.");
    await expect(page.locator("body")).not.toContainText(withPin.pinCode!);

    // Printed when chosen: the PIN itself, and no "ask the staff".
    await choose(page, { pins: true });
    await expect(cardOf(withPin.name).getByTestId("sign-pin")).toHaveText(withPin.pinCode!);
    await expect(page.getByTestId("sign-pin-needed")).toHaveCount(0);
    await expect(cardOf(withPin.name)).toContainText("Geben Sie die PIN ein, wenn die App danach fragt.");
  });

  test("in the app customization's colours and logo, every word at least 7 : 1, usable at 1024×600", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 600 });
    await page.goto("/appView/signs");
    const band = page.getByTestId("sign-band").first();
    await expect(band).toHaveCSS("background-color", "rgb(0, 55, 70)");

    const logo = `data:image/png;base64,${(await pngImage(200, 100)).toString("base64")}`;
    await simulator.api("admin", "POST", managerPaths.appCustomization(), {
      isActive: true,
      logo,
      backgroundColor: "5A1E82",
      highlightColor: "FFB400",
      fontColor: "light",
      onboardings: [],
    });
    await page.reload();
    await expect(band).toHaveCSS("background-color", "rgb(90, 30, 130)");
    await expect(page.getByTestId("venue-sign").first()).toHaveCSS("border-top-color", "rgb(255, 180, 0)");
    await expect(page.locator("#venue-sign-logo")).toHaveAttribute("href", logo);

    const colours = await page
      .getByTestId("venue-sign")
      .first()
      .evaluate((card) =>
        [...card.querySelectorAll("h2, p, dt, dd, li")].map((element) => getComputedStyle(element).color),
      );
    const hex = (rgb: string) => hexFromRgb(...(rgb.match(/\d+/g)!.map(Number) as [number, number, number]));
    for (const colour of new Set(colours))
      expect(contrastRatio(hex(colour), "FFFFFF"), colour).toBeGreaterThanOrEqual(7);

    // The controls fit the kiosk screen: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await expect(page.getByRole("button", { name: "Show signs" })).toBeInViewport();
  });
});

test.describe("each layout's PDF, rendered to images", () => {
  test.skip(poppler !== null, poppler ?? "");

  for (const { layout, paper } of layouts) {
    test(`${paper}: every code reads back as its channel's join address, at its smallest size or larger, its margin clear — a 64-character name too`, async ({
      page,
    }) => {
      await renameChannel(
        await firstListedWithPin(),
        "Upper Gallery of the Main Hall – Simultaneous Interpretation, EN",
      );
      const channels = await listedChannels();
      await page.goto("/appView/signs");
      await choose(page, { paper, language: "English and German", pins: true });
      const pdf = await expectWholeCardsOnPages(page, layout, channels.length);
      await expectReadableCodes(pdf, layout, channels);
    });
  }
});

test.describe("the sign of one channel", () => {
  test("reached from the channel's page, in English and German, its QR code the channel's join address", async ({
    page,
  }) => {
    const channel = (await listedChannels()).find((candidate) => candidate.name === "Main Hall – Deutsch")!;
    await page.goto(`/stations/${channel.stationSerialNumber}/channels/${channel.index}`);
    await page.getByRole("link", { name: "Print a sign" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign for Main Hall – Deutsch" })).toBeVisible();
    await choose(page, { paper: "A6, one sign per page", language: "English and German" });
    await expect(page).toHaveURL(/station=MCS-0042/);
    await expect(cards(page)).toHaveCount(1);
    const card = cards(page).first();
    await expect(card).toContainText("Scan to listen");
    await expect(card).toContainText("Scannen und zuhören");
    await expect(card).toContainText("Channel ID / Kanal-ID");
    expect(await decodeQrCode(card.getByRole("img", { name: "QR code to join Main Hall – Deutsch" }))).toBe(
      joinLink(channel),
    );
    await expectWholeCardsOnPages(page, "a6", 1);
    await page.getByRole("link", { name: "Back to the channel" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Main Hall – Deutsch" })).toBeVisible();
  });

  test("reached from the App view's QR code overlay", async ({ page }) => {
    const channel = (await listedChannels())[0]!;
    await page.goto(`/appView?qr=${encodeURIComponent(channel.id)}`);
    await page
      .getByRole("dialog", { name: `QR code of ${channel.name}` })
      .getByRole("link", { name: "Print a sign" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: `Sign for ${channel.name}` })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
  });

  test("a channel hidden from the app still gets its sign, and the page says how listeners find it", async ({
    page,
  }) => {
    await page.goto("/appView/signs?station=MCS-0044&channel=2");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Chapel – Organ feed");
    await expect(page.getByRole("status").filter({ hasText: "Listeners do not see this channel" })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
  });

  test("an unknown channel is the channel-not-found page", async ({ page }) => {
    const answer = await page.goto("/appView/signs?station=MCS-0042&channel=9");
    expect(answer?.status()).toBe(404);
  });
});

test.describe("as a Moderator", () => {
  test.use({ role: "moderator" });

  test("the print page is refused", async ({ page }) => {
    const answer = await page.goto("/appView/signs");
    expect(answer?.status()).toBe(403);
    await page.goto("/appView");
    await expect(page.getByRole("link", { name: "Print signs" })).toHaveCount(0);
  });
});
