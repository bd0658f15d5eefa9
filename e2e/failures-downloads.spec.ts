// Downloads that fail, and a download the Manager names no file for, JavaScript on and off. A
// failed QR code download says so on the channel's page (operations.md §8: "QR download" is one
// of the save failures with a 'please try again' message); a failed event download is reported
// with errors.unexpectedError (§8: "Dismiss and download failures go to a generic handler and
// are only reported"). A file without Content-Disposition is saved as MobileConnectManager.zip
// (§7: "A generic file download … saves under the filename from the Content-Disposition response
// header, else MobileConnectManager.zip"). Each failure is forced with the simulator's faults.
import type { Page } from "@playwright/test";
import { expect, simulator, test } from "./support/fixtures";
import { dialog, expectFlash, region, unexpectedError, visit } from "./failure-helpers";

const fallbackName = "MobileConnectManager.zip";

/** The channel page with its QR code image loaded, so the fault set next hits the download only. */
async function openChannelWithQrCode(page: Page) {
  await visit(page, "/stations/MCS-0042/channels/2");
  const qr = page.getByRole("img", { name: /QR code to join Main Hall – Deutsch/ });
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
}

test.describe("the channel's QR code", () => {
  for (const format of ["SVG", "PNG"]) {
    test(`a failed ${format} download says the QR code could not be downloaded, on the channel's page`, async ({
      page,
    }) => {
      await openChannelWithQrCode(page);
      await simulator.faults({ failNext5xx: 1, failPath: `/qrcode.${format.toLowerCase()}` });
      let downloaded = false;
      page.on("download", () => (downloaded = true));
      await region(page, "QR code")
        .getByRole("link", { name: `Download ${format}` })
        .click();
      // stations:qr.downloadFailed
      await expectFlash(page, "The QR code could not be downloaded. Please try again.");
      await expect(page).toHaveURL("/stations/MCS-0042/channels/2");
      await expect(page.getByRole("heading", { level: 1, name: "Main Hall – Deutsch" })).toBeVisible();
      expect(downloaded).toBe(false);
    });
  }

  test("a QR code the Manager names no file for is saved as MobileConnectManager.zip", async ({ page }) => {
    await openChannelWithQrCode(page);
    await simulator.faults({ filesWithoutName: true });
    const downloading = page.waitForEvent("download");
    await region(page, "QR code").getByRole("link", { name: "Download SVG" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fallbackName);
    expect(await download.failure()).toBeNull();
  });
});

test.describe("the system events download", () => {
  test("a failed download is reported with the unexpected-error message, on the dashboard", async ({ page }) => {
    await visit(page, "/dashboard");
    await simulator.faults({ failNext5xx: 1, failPath: "/systemEvents/download" });
    let downloaded = false;
    page.on("download", () => (downloaded = true));
    await page.getByRole("link", { name: "Download events" }).click();
    // errors.unexpectedError
    await expectFlash(page, unexpectedError);
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByTestId("system-events-summary")).toHaveText("10 of 11 events shown");
    expect(downloaded).toBe(false);
  });

  test("a file the Manager names no file for is saved as MobileConnectManager.zip", async ({ page }) => {
    await visit(page, "/dashboard");
    await simulator.faults({ filesWithoutName: true });
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download events" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fallbackName);
    expect(await download.failure()).toBeNull();
  });
});

test.describe("the App view's QR code overlay", () => {
  test("a QR code the Manager names no file for is saved as MobileConnectManager.zip", async ({ page }) => {
    await visit(page, "/appView");
    await page
      .getByTestId("channel-order")
      .getByTestId("order-row")
      .getByRole("link", { name: /Q&A Microphone/ })
      .click();
    await dialog(page, "Q&A Microphone").getByRole("link", { name: "QR code" }).click();
    const qr = dialog(page, "QR code of Q&A Microphone");
    await expect(qr.getByRole("img", { name: "QR code to join Q&A Microphone" })).toBeVisible();
    await simulator.faults({ filesWithoutName: true });
    const downloading = page.waitForEvent("download");
    await qr.getByRole("link", { name: "Download PNG" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fallbackName);
    expect(await download.failure()).toBeNull();
  });
});
