// The venue backup's steps as an admin takes them in a browser: download a backup from the backup
// page, upload a file on the restore page, the preview's rows. Shared by the restore's specs.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { managerPaths } from "../../app/contract/paths";
import type { Station } from "../../app/contract/stations";
import { expect, simulator } from "./fixtures";

export const station = (serialNumber: string) =>
  simulator.api("admin", "GET", managerPaths.station(serialNumber)) as Promise<Station>;

/** Downloads a backup from the backup page, as an admin would (the choices left as they are, or ticked). */
export async function downloadBackup(page: Page, { withPins = false, withNetwork = false } = {}): Promise<string> {
  await page.goto("/settings");
  await page.getByRole("link", { name: "Back up the venue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Venue backup" })).toBeVisible();
  await expect(page.getByLabel("Include channel PINs")).not.toBeChecked();
  await expect(page.getByLabel("Include network settings")).not.toBeChecked();
  if (withPins) await page.getByLabel("Include channel PINs").check();
  if (withNetwork) await page.getByLabel("Include network settings").check();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download backup" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^venue-backup-\d{4}-\d{2}-\d{2}\.json$/);
  return readFile((await file.path())!, "utf8");
}

/** Chooses the file on the restore page and asks what would change. */
export async function upload(page: Page, text: string | Buffer, name = "venue-backup.json") {
  await page.goto("/settings/restore");
  await page.getByLabel("Backup file").setInputFiles({
    name,
    mimeType: "application/json",
    buffer: typeof text === "string" ? Buffer.from(text) : text,
  });
  await page.getByRole("button", { name: "Show what would change" }).click();
}

/** The preview's rows of settings that would change (one per field). */
export const changes = (page: Page) => page.getByTestId("restore-change");
