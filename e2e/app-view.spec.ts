// The App view in both projects (JavaScript on and off): stations with their channels, the
// channel order (buttons and a position field) that survives a reload, the
// overlays and the phone preview as URL state, the audience-mic mute control, and a Moderator's
// page with the mute controls and nothing else.
import type { Page } from "@playwright/test";
import { appViewPaging } from "../app/routes/_app.appView/url-state";
import { expect, simulator, test } from "./support/fixtures";
import { liveCaughtUp } from "./support/live";

type AppViewAnswer = { stations: Record<string, { channels: { id: string; name: string; sortId: number }[] }> };

async function managerOrder() {
  const answer = (await simulator.api("admin", "GET", "/configuration/api/v1.0/appview")) as AppViewAnswer;
  return Object.values(answer.stations)
    .flatMap((station) => station.channels)
    .sort((a, b) => a.sortId - b.sortId)
    .map((channel) => channel.name);
}

/** With JavaScript the rows become draggable once the drag-and-drop code has loaded. */
async function openAppView(page: Page, path = "/appView") {
  await page.goto(path);
  if (test.info().project.name === "js") {
    await expect(page.getByTestId("channel-order")).toHaveAttribute("data-sortable", "true");
    // The page asks once more when its hubs connect; let that settle before the test acts.
    await expect.poll(async () => (await simulator.state()).hubConnections).toBeGreaterThan(0);
    await liveCaughtUp(page);
  }
}

function orderRows(page: Page) {
  return page.getByTestId("channel-order").getByTestId("order-row");
}

async function expectOrderStartsWith(page: Page, names: string[]) {
  for (const [offset, name] of names.entries()) {
    await expect(orderRows(page).nth(offset)).toContainText(name);
  }
}

test.describe("as an admin", () => {
  test("every station with its channels, the channel order, ungrouped channels and the preview open by default", async ({
    page,
  }) => {
    await openAppView(page);
    await expect(page.getByRole("heading", { level: 1, name: "App Configuration" })).toBeVisible();
    const order = await managerOrder();
    await expect(orderRows(page)).toHaveCount(order.length);
    await expectOrderStartsWith(page, order.slice(0, 4));

    const conferenceRoom = page.getByRole("region", { name: "Conference Room B" });
    await expect(conferenceRoom).toContainText("Running");
    await expect(conferenceRoom).toContainText("Audience Mic & Assistive Listening (beta)");
    await expect(conferenceRoom).toContainText("Q&A Microphone");
    await expect(page.getByRole("region", { name: "Main Hall" })).toContainText("Main Hall – Deutsch");

    const ungrouped = page.getByTestId("ungrouped-channels");
    await expect(ungrouped).toContainText("Q&A Microphone");
    await expect(ungrouped).not.toContainText("Main Hall – English");

    const preview = page.getByTestId("phone-preview");
    await expect(preview).toBeVisible();
    await expect(preview.getByRole("listitem")).toHaveText([
      "Main Hall – English",
      "Main Hall – Deutsch",
      "Q&A Microphone",
    ]);
  });

  test("the phone preview toggle works as a link", async ({ page }) => {
    await openAppView(page);
    await expect(page.getByTestId("phone-preview")).toBeVisible();
    await page.getByRole("link", { name: "Hide phone preview" }).click();
    await expect(page).toHaveURL(/preview=closed/);
    await expect(page.getByTestId("phone-preview")).toBeHidden();
    await page.reload();
    await expect(page.getByTestId("phone-preview")).toBeHidden();
    await page.getByRole("link", { name: "Show phone preview" }).click();
    await expect(page.getByTestId("phone-preview")).toBeVisible();
  });

  test("the preview shows the app customization's colours and logo", async ({ page }) => {
    const logo =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    await simulator.api("admin", "POST", "/configuration/api/v1.0/appCustomizationConfiguration", {
      isActive: true,
      logo,
      backgroundColor: "FFFFFF",
      highlightColor: "AA0000",
      fontColor: "dark",
      onboardings: [],
    });
    await openAppView(page);
    await expect(page.getByText("With your app customization's logo and colours.")).toBeVisible();
    await expect(page.getByTestId("phone-preview-logo")).toHaveAttribute("src", logo);
  });

  test("moving channels with the buttons and a position saves the order, which survives a reload", async ({ page }) => {
    await openAppView(page);
    await expectOrderStartsWith(page, ["Main Hall – English", "Main Hall – Deutsch", "Q&A Microphone"]);
    await page.getByRole("button", { name: "Move Q&A Microphone up" }).click();
    await expect(page.getByText("Q&A Microphone is now at position 2.").first()).toBeVisible();
    await expectOrderStartsWith(page, ["Main Hall – English", "Q&A Microphone", "Main Hall – Deutsch"]);
    await page.getByRole("button", { name: "Move Main Hall – English down" }).click();
    await expectOrderStartsWith(page, ["Q&A Microphone", "Main Hall – English", "Main Hall – Deutsch"]);
    await expect(page.getByRole("button", { name: "Move Q&A Microphone up" })).toBeDisabled();

    await page.getByRole("spinbutton", { name: "Position of Chapel", exact: true }).fill("1");
    await page.getByRole("button", { name: "Move Chapel to this position", exact: true }).click();
    await expect(page.getByText("Chapel is now at position 1.").first()).toBeVisible();
    await expectOrderStartsWith(page, ["Chapel", "Q&A Microphone", "Main Hall – English"]);

    await page.reload();
    const expected = (await managerOrder()).slice(0, 3);
    expect(expected).toEqual(["Chapel", "Q&A Microphone", "Main Hall – English"]);
    await expectOrderStartsWith(page, expected);
  });

  test("a venue of 1,000 stations is paged: each list shows one page, and a move keeps its page", async ({ page }) => {
    const { pageSize } = appViewPaging.order;
    await simulator.seed(1000);
    await openAppView(page);
    await expect(orderRows(page)).toHaveCount(pageSize);
    const orderPages = page.getByRole("navigation", { name: "Pages of the channel order" });
    await expect(orderPages).toContainText("Page 1 of");
    await expect(page.getByRole("navigation", { name: "Pages of the stations" })).toContainText("Page 1 of");
    await expect(page.getByRole("navigation", { name: "Pages of the ungrouped channels" })).toContainText("Page 1 of");

    await orderPages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(orderRows(page)).toHaveCount(pageSize);
    await expect(orderRows(page).first()).toContainText(String(pageSize + 1));
    const ordered = await managerOrder();
    const moved = ordered[pageSize + 1]!;
    await page.getByRole("button", { name: `Move ${moved} up`, exact: true }).click();
    await expect(page.getByText(`${moved} is now at position ${pageSize + 1}.`).first()).toBeVisible();
    await expect(page).toHaveURL(/[?&]page=2/);
    expect((await managerOrder())[pageSize]).toBe(moved);
  });

  test("a reorder the Manager refuses leaves the order as it was", async ({ page }) => {
    await openAppView(page);
    await simulator.faults({ failNext5xx: 1, failWritesOnly: true });
    await page.getByRole("button", { name: "Move Q&A Microphone up" }).click();
    await expect(page.getByText("Something went wrong. Please try again.").first()).toBeVisible();
    await expectOrderStartsWith(page, ["Main Hall – English", "Main Hall – Deutsch", "Q&A Microphone"]);
    expect((await managerOrder()).slice(0, 3)).toEqual([
      "Main Hall – English",
      "Main Hall – Deutsch",
      "Q&A Microphone",
    ]);
  });

  test("the channel overlay and the QR code overlay open as URL state", async ({ page }) => {
    await openAppView(page);
    await orderRows(page)
      .getByRole("link", { name: /Q&A Microphone/ })
      .click();
    await expect(page).toHaveURL(/channel=/);
    const overlay = page.getByRole("dialog", { name: "Q&A Microphone" });
    await expect(overlay).toContainText("Conference Room B");
    await expect(overlay).toContainText("Position in the app");
    await overlay.getByRole("link", { name: "QR code" }).click();
    await expect(page).toHaveURL(/qr=/);
    const qr = page.getByRole("dialog", { name: "QR code of Q&A Microphone" });
    await expect(qr.getByRole("img", { name: "QR code to join Q&A Microphone" })).toBeVisible();
    const image = await page.request.get(
      (await qr.getByRole("img", { name: "QR code to join Q&A Microphone" }).getAttribute("src"))!,
    );
    expect(image.headers()["content-type"]).toContain("image/svg+xml");
    const downloading = page.waitForEvent("download");
    await qr.getByRole("link", { name: "Download PNG" }).click();
    expect((await downloading).suggestedFilename()).toBe("MCS-0043-channel-1-qrcode.png");
    await qr.getByRole("link", { name: "Close" }).last().click();
    await expect(qr).toBeHidden();
    await expect(page).not.toHaveURL(/qr=/);
  });

  test("the audience mic of a channel is muted and unmuted from its station", async ({ page }) => {
    await openAppView(page);
    await page.getByRole("button", { name: "Mute audience mic of Q&A Microphone" }).click();
    await expect(page.getByText("The audience mic of Q&A Microphone is muted.").first()).toBeVisible();
    await page.getByRole("button", { name: "Unmute audience mic of Q&A Microphone" }).click();
    // The unmute's own answer, not a button a live update of the mute may have drawn meanwhile.
    await expect(page.getByText("The audience mic of Q&A Microphone is open again.").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Mute audience mic of Q&A Microphone" })).toBeVisible();
    const [channel] = (await simulator.api("admin", "GET", "/configuration/api/v1.0/moderation/")).filter(
      (entry: { stationSerialNumber: string }) => entry.stationSerialNumber === "MCS-0043",
    );
    expect(channel).toMatchObject({ uplinkEnabled: true, uplinkUnmuted: true });
  });
});

test.describe("as a moderator", () => {
  test.use({ role: "moderator" });

  test("the App view has the audience-mic mute controls and nothing else", async ({ page }) => {
    await page.goto("/appView");
    await expect(page.getByRole("heading", { level: 1, name: "App Configuration" })).toBeVisible();
    const channels = page.getByRole("list", { name: "Channels with an audience mic" });
    await expect(channels.getByRole("listitem")).toHaveCount(1);
    await expect(channels).toContainText("Q&A Microphone");
    await expect(page.getByRole("main").getByRole("button")).toHaveText(["Mute audience mic"]);
    await expect(page.getByRole("main").getByRole("heading")).toHaveText(["App Configuration"]);
    await expect(page.getByTestId("phone-preview")).toHaveCount(0);
    await expect(page.getByTestId("channel-order")).toHaveCount(0);

    await page.getByRole("button", { name: "Mute audience mic of Q&A Microphone" }).click();
    await expect(page.getByText("The audience mic of Q&A Microphone is muted.").first()).toBeVisible();
    await expect(channels).toContainText("Audience mic muted");
    await page.getByRole("button", { name: "Unmute audience mic of Q&A Microphone" }).click();
    await expect(channels).toContainText("Audience mic open");
  });

  test("a reorder posted by a Moderator is refused with 403 and changes nothing", async ({ page, baseURL }) => {
    await page.goto("/appView");
    const before = await managerOrder();
    const answer = await page.request.post("/appView", {
      form: { intent: "moveChannel", channelId: "anything", position: "1" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(403);
    expect(await managerOrder()).toEqual(before);
  });
});
