// A logo chosen in the first second after the page loads reaches the server, whatever the page is
// doing at that moment: before it hydrates, while the Dropzone's chunk loads, while the Dropzone
// swaps in under an open file chooser, and during the catch-up revalidation after the live
// updates connect (bench/notes/plain-controls.md, "/appCustomization: a file chosen in the first
// second after load"). Each moment is held open by holding the request it waits for, then released.
import type { ElementHandle, Page, Request, Route } from "@playwright/test";
import { pngImage } from "../tests/console/image-fixtures";
import { buildUnits } from "./support/build-files";
import { expect, test } from "./support/fixtures";

const build = buildUnits();
const routeModule = build.routeModule("routes/_app.appCustomization");
const dropzoneChunks = build.sharedChunks.filter((chunk) => build.source(chunk).includes("useFsAccessApi"));
const uploadPath = "/appCustomization/image";
const revalidationPath = "/appCustomization.data";

/** Holds every request matching until released; `arrived` settles with the first one. */
async function hold(page: Page, matches: (path: string) => boolean) {
  const held: Route[] = [];
  let released = false;
  let arrived!: (request: Request) => void;
  const first = new Promise<Request>((resolve) => (arrived = resolve));
  await page.route(
    (url) => matches(url.pathname),
    async (route) => {
      if (released) return route.continue();
      held.push(route);
      arrived(route.request());
    },
  );
  return {
    arrived: first,
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

const logo = async () => ({ name: "brand.png", mimeType: "image/png", buffer: await pngImage(400, 400) });
const fileInput = (page: Page) => page.getByLabel("Logo file", { exact: true });
const dropzoneText = (page: Page) => page.getByText("Drop an image here or click to choose one").first();
const uploadButton = (page: Page) => page.getByRole("button", { name: "Upload logo" });
const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-js", "on");
/** The upload the chosen file starts (a lost file starts none: the test fails here, not at its end). */
const uploadRequest = (page: Page) =>
  page.waitForRequest((request) => new URL(request.url()).pathname === uploadPath && request.method() === "POST", {
    timeout: 15_000,
  });

/** The logo the user chose is the draft's now: the thumbnail shows it and Save can store it. */
async function expectLogoUploaded(page: Page) {
  const thumbnail = page.getByTestId("logo-thumbnail").getByRole("img");
  await expect(thumbnail).toHaveAttribute("alt", "The custom logo");
  await expect(thumbnail).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeEnabled();
}

/** Opens the page without waiting for anything: each test waits for the moment it needs. */
const open = (page: Page) => page.goto("/appCustomization", { waitUntil: "commit" });

test("a logo chosen before the page hydrates is uploaded once it has", async ({ page }) => {
  const module = await hold(page, (path) => path === routeModule);
  await open(page);
  await module.arrived;
  await fileInput(page).setInputFiles(await logo());
  const uploaded = uploadRequest(page);
  await module.release();
  await hydrated(page);
  await uploaded;
  await expectLogoUploaded(page);
});

test("a logo chosen while the Dropzone's chunk loads is uploaded at once, and stays when the Dropzone arrives", async ({
  page,
}) => {
  expect(dropzoneChunks, "the Dropzone's chunk").not.toHaveLength(0);
  const chunk = await hold(page, (path) => dropzoneChunks.includes(path));
  await open(page);
  await hydrated(page);
  await chunk.arrived;
  await expect(uploadButton(page)).toBeVisible();
  const uploaded = uploadRequest(page);
  await fileInput(page).setInputFiles(await logo());
  await uploaded;
  await expectLogoUploaded(page);
  await chunk.release();
  await expect(dropzoneText(page)).toBeVisible();
  await expectLogoUploaded(page);
});

test("a logo chosen in a file chooser that was opened before the Dropzone swapped in is uploaded", async ({ page }) => {
  const chunk = await hold(page, (path) => dropzoneChunks.includes(path));
  await open(page);
  await hydrated(page);
  await chunk.arrived;
  // The file input the user clicked (its chooser stays open) …
  const chooser = page.waitForEvent("filechooser");
  await fileInput(page).click();
  const clicked = (await (await chooser).element()) as ElementHandle<HTMLInputElement>;
  // … is replaced by the Dropzone's before the user picks a file.
  await chunk.release();
  await expect(dropzoneText(page)).toBeVisible();
  expect(await clicked.evaluate((input) => input.isConnected)).toBe(false);
  // What the browser does when the chooser closes: the file on that input, and its change event.
  const uploaded = uploadRequest(page);
  const { buffer } = await logo();
  await clicked.evaluate((input, base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const files = new DataTransfer();
    files.items.add(new File([bytes], "brand.png", { type: "image/png" }));
    input.files = files.files;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }, buffer.toString("base64"));
  await uploaded;
  await expectLogoUploaded(page);
});

test("a logo dropped during the catch-up revalidation is uploaded, and stays once the revalidation is done", async ({
  page,
}) => {
  const revalidation = await hold(page, (path) => path === revalidationPath);
  await open(page);
  await hydrated(page);
  await expect(dropzoneText(page)).toBeVisible();
  await revalidation.arrived;
  const uploaded = uploadRequest(page);
  await fileInput(page).setInputFiles(await logo());
  await uploaded;
  await expectLogoUploaded(page);
  const revalidated = page.waitForResponse((response) => new URL(response.url()).pathname === revalidationPath);
  await revalidation.release();
  await revalidated;
  await expectLogoUploaded(page);
});

test("an upload still on its way when the catch-up revalidation answers is kept", async ({ page }) => {
  const revalidation = await hold(page, (path) => path === revalidationPath);
  const upload = await hold(page, (path) => path === uploadPath);
  await open(page);
  await hydrated(page);
  await expect(dropzoneText(page)).toBeVisible();
  await revalidation.arrived;
  await fileInput(page).setInputFiles(await logo());
  await upload.arrived;
  const revalidated = page.waitForResponse((response) => new URL(response.url()).pathname === revalidationPath);
  await revalidation.release();
  await revalidated;
  await upload.release();
  await expectLogoUploaded(page);
});
