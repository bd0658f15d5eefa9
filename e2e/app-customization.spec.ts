// App customization with and without JavaScript: the logo (PNG only, checked by its bytes),
// colours, onboarding screens, undo, reset, and the saved state in the phone previews.
import sharp from "sharp";
import { brokenPng, jpegImage, pngBomb, pngImage } from "../tests/console/image-fixtures";
import { setSwitch } from "./admin-helpers";
import { expect, simulator, test } from "./support/fixtures";
import type { Page } from "@playwright/test";

const configPath = "/configuration/api/v1.0/appCustomizationConfiguration";
const withoutJavaScript = () => test.info().project.name === "nojs";

interface StoredConfiguration {
  isActive: boolean;
  logo: string | null;
  backgroundColor: string;
  highlightColor: string;
  fontColor: string;
  onboardings: Array<{ sortId: number; headline: string; text: string; picture: string | null }>;
}

async function dataUrl(buffer: Buffer, type = "png") {
  return `data:image/${type};base64,${buffer.toString("base64")}`;
}

async function storeConfiguration(change: Partial<StoredConfiguration> = {}) {
  const configuration: StoredConfiguration = {
    isActive: true,
    logo: await dataUrl(
      await sharp({ create: { width: 200, height: 100, channels: 4, background: "#ffcc00" } })
        .png()
        .toBuffer(),
    ),
    backgroundColor: "112233",
    highlightColor: "FFAA00",
    fontColor: "dark",
    onboardings: [{ sortId: 1, headline: "Welcome", text: "Pick a channel to listen to.", picture: null }],
    ...change,
  };
  return simulator.api("admin", "POST", configPath, configuration) as Promise<StoredConfiguration & { id: string }>;
}

async function stored(): Promise<StoredConfiguration | null> {
  return simulator.api("admin", "GET", configPath);
}

async function imageSize(url: string) {
  const [, format, base64] = /^data:image\/(png|jpeg);base64,(.+)$/.exec(url)!;
  const { width, height } = await sharp(Buffer.from(base64!, "base64")).metadata();
  return { format, width, height };
}

/**
 * Opens the page; with JavaScript, waits until the Dropzone (loaded after hydration) replaces the
 * file input and the live updates have caught up (the one revalidation after the hub connects).
 */
async function openCustomization(page: Page) {
  const caughtUp = withoutJavaScript()
    ? null
    : page.waitForResponse((response) => new URL(response.url()).pathname === "/appCustomization.data");
  await page.goto("/appCustomization");
  if (!caughtUp) return;
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
  await expect(page.getByText("Drop an image here or click to choose one").first()).toBeVisible();
  await caughtUp;
}

/** Chooses a file; without JavaScript its Upload button sends it, with JavaScript the drop does. */
async function chooseImage(
  page: Page,
  label: string,
  uploadButton: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByLabel(label, { exact: true }).setInputFiles(file);
  if (withoutJavaScript()) await page.getByRole("button", { name: uploadButton }).click();
}

const save = (page: Page) => page.getByRole("button", { name: "Save", exact: true }).click();
const savedMessage = (page: Page) => page.getByText("The app customization has been saved.").first();
const logoThumbnail = (page: Page) => page.getByTestId("logo-thumbnail").getByRole("img");
const previewLogo = (page: Page) =>
  page.getByTestId(withoutJavaScript() ? "saved-preview" : "draft-preview").getByTestId("phone-preview-logo");

test.describe("as an admin", () => {
  test("without a stored customization, colours and onboarding wait for a logo, and saving asks for one", async ({
    page,
  }) => {
    await openCustomization(page);
    await expect(page.getByRole("heading", { level: 1, name: "App Customization" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Reset to default" })).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Background colour", exact: true })).toBeDisabled();
    await expect(page.getByRole("textbox", { name: "Headline" })).toBeDisabled();
    await expect(page.getByRole("radio", { name: "Dark" })).toBeDisabled();
    await setSwitch(page, "Customization active", true);
    await save(page);
    await expect(page.getByText("A custom logo is required.").first()).toBeVisible();
    await expect(page.getByRole("switch", { name: "Customization active" })).toBeChecked();
    expect(await stored()).toBeNull();
  });

  test("a JPEG logo is refused with the PNG message", async ({ page }) => {
    await openCustomization(page);
    await chooseImage(page, "Logo file", "Upload logo", {
      name: "logo.png",
      mimeType: "image/png",
      buffer: await jpegImage(400, 200),
    });
    await expect(page.getByText("Please upload a PNG image.").first()).toBeVisible();
    await expect(logoThumbnail(page)).toHaveAttribute("alt", "The app's default logo");
  });

  test("a non-image, a broken PNG, a decompression bomb and an oversized file each get a clear message", async ({
    page,
  }) => {
    await openCustomization(page);
    const cases = [
      { buffer: Buffer.from("This is not an image at all."), message: "Please upload a PNG image." },
      { buffer: brokenPng(), message: "The image could not be read. Please choose another file." },
      {
        buffer: pngBomb(),
        message: "The image has too many pixels (more than 40 megapixels). Please choose a smaller image.",
      },
      {
        buffer: Buffer.concat([await pngImage(100, 100), Buffer.alloc(10 * 1024 * 1024)]),
        message: "The file is larger than 10 MB. Please choose a smaller image.",
      },
    ];
    for (const { buffer, message } of cases) {
      await chooseImage(page, "Logo file", "Upload logo", { name: "logo.png", mimeType: "image/png", buffer });
      await expect(page.getByText(message).first()).toBeVisible();
      await expect(logoThumbnail(page)).toHaveAttribute("alt", "The app's default logo");
    }
  });

  test("a PNG logo round trip: upload, preview, save, and the saved preview shows it", async ({ page }) => {
    await openCustomization(page);
    await chooseImage(page, "Logo file", "Upload logo", {
      name: "brand.png",
      mimeType: "image/png",
      buffer: await pngImage(400, 400),
    });
    await expect(logoThumbnail(page)).toHaveAttribute("alt", "The custom logo");
    await expect(logoThumbnail(page)).toHaveAttribute("src", /^data:image\/png;base64,/);
    if (!withoutJavaScript()) await expect(previewLogo(page)).toHaveAttribute("src", /^data:image\/png;base64,/);
    await expect(page.getByRole("textbox", { name: "Background colour", exact: true })).toBeEnabled();

    await save(page);
    await expect(savedMessage(page)).toBeVisible();
    const configuration = (await stored())!;
    expect(await imageSize(configuration.logo!)).toEqual({ format: "png", width: 200, height: 100 });
    await expect(previewLogo(page)).toHaveAttribute("src", configuration.logo!);
    await expect(page.getByRole("link", { name: "Reset to default" })).toBeVisible();
  });

  test("an active customization saved here shows its logo in the App view's phone preview", async ({ page }) => {
    await openCustomization(page);
    await setSwitch(page, "Customization active", true);
    await chooseImage(page, "Logo file", "Upload logo", {
      name: "brand.png",
      mimeType: "image/png",
      buffer: await pngImage(300, 150),
    });
    await expect(logoThumbnail(page)).toHaveAttribute("alt", "The custom logo");
    await save(page);
    await expect(savedMessage(page)).toBeVisible();
    const { logo, isActive } = (await stored())!;
    expect(isActive).toBe(true);
    await page.goto("/appView");
    await expect(page.getByTestId("phone-preview-logo").first()).toHaveAttribute("src", logo!);
  });

  test("colours: hex checked on save, 3 characters expand to 6, the picker works, reset restores the defaults", async ({
    page,
  }) => {
    await storeConfiguration();
    await openCustomization(page);
    const highlight = page.getByRole("textbox", { name: "Highlight colour", exact: true });
    await highlight.fill("12");
    await save(page);
    await expect(page.getByText("Invalid hex value").first()).toBeVisible();
    await expect(highlight).toHaveValue("12");

    await highlight.fill("0af");
    await page.getByLabel("Pick the Background colour").fill("#ff8800");
    await save(page);
    await expect(savedMessage(page)).toBeVisible();
    await expect.poll(stored).toMatchObject({ highlightColor: "00AAFF", backgroundColor: "FF8800" });
    await expect(page.getByRole("img", { name: "Background colour: #FF8800" })).toBeVisible();

    await page.getByRole("button", { name: "Reset colours" }).click();
    await expect(page.getByRole("textbox", { name: "Background colour", exact: true })).toHaveValue("003746");
    await expect(highlight).toHaveValue("0096D6");
    await expect(page.getByRole("radio", { name: "Light" })).toBeChecked();
    await save(page);
    await expect(savedMessage(page)).toBeVisible();
    await expect
      .poll(stored)
      .toMatchObject({ backgroundColor: "003746", highlightColor: "0096D6", fontColor: "light" });
  });

  test("a font colour hard to read on the background gets a low-contrast warning", async ({ page }) => {
    await storeConfiguration({ backgroundColor: "112233", fontColor: "dark" });
    await openCustomization(page);
    await expect(
      page.getByRole("status").filter({ hasText: "The font colour is hard to read on this background colour." }),
    ).toBeVisible();
    await page.getByRole("radio", { name: "Light" }).check();
    await save(page);
    await expect(savedMessage(page)).toBeVisible();
    await expect(page.getByText("The font colour is hard to read on this background colour.")).toHaveCount(0);
  });

  test("resetting the logo brings back the default, and saving then asks for a logo", async ({ page }) => {
    await storeConfiguration();
    await openCustomization(page);
    await page.getByRole("button", { name: "Reset logo" }).click();
    await expect(logoThumbnail(page)).toHaveAttribute("alt", "The app's default logo");
    await expect(page.getByRole("textbox", { name: "Background colour", exact: true })).toBeDisabled();
    await save(page);
    await expect(page.getByText("A custom logo is required.").first()).toBeVisible();
    expect((await stored())!.logo).not.toBeNull();
  });

  test("onboarding: up to three screens, a reorder saved, empty screens dropped and the rest renumbered", async ({
    page,
  }) => {
    await storeConfiguration();
    await openCustomization(page);
    const screens = page.getByTestId("onboarding-screen");
    await page.getByRole("button", { name: "Add screen" }).click();
    await page.getByRole("button", { name: "Add screen" }).click();
    await expect(screens).toHaveCount(3);
    await expect(page.getByRole("button", { name: "Add screen" })).toBeDisabled();
    await screens.nth(2).getByRole("textbox", { name: "Headline" }).fill("Listen");
    await screens.nth(2).getByRole("textbox", { name: "Text" }).fill("Put on your headphones.");
    await page.getByRole("button", { name: "Move up (screen 3)" }).click();
    await page.getByRole("button", { name: "Move up (screen 2)" }).click();
    await expect(screens.nth(0).getByRole("textbox", { name: "Headline" })).toHaveValue("Listen");
    await expect(screens.nth(1).getByRole("textbox", { name: "Headline" })).toHaveValue("Welcome");
    await expect(screens.nth(2).getByRole("textbox", { name: "Headline" })).toHaveValue("");
    await expect(page.getByRole("button", { name: "Move up (screen 1)" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move down (screen 3)" })).toBeDisabled();

    await save(page);
    await expect(savedMessage(page)).toBeVisible();
    expect((await stored())!.onboardings).toEqual([
      { sortId: 1, headline: "Listen", text: "Put on your headphones.", picture: null },
      { sortId: 2, headline: "Welcome", text: "Pick a channel to listen to.", picture: null },
    ]);
    await page.reload();
    await expect(screens).toHaveCount(2);
    await expect(screens.nth(0).getByRole("textbox", { name: "Headline" })).toHaveValue("Listen");
  });

  test("deleting the only screen leaves a blank one, and saving stores none", async ({ page }) => {
    await storeConfiguration();
    await openCustomization(page);
    await page.getByRole("button", { name: "Delete (screen 1)" }).click();
    const screens = page.getByTestId("onboarding-screen");
    await expect(screens).toHaveCount(1);
    await expect(screens.getByRole("textbox", { name: "Headline" })).toHaveValue("");
    await save(page);
    await expect(savedMessage(page)).toBeVisible();
    expect((await stored())!.onboardings).toEqual([]);
  });

  test("onboarding texts: each required with the other, within 60 and 130 characters", async ({ page }) => {
    await storeConfiguration();
    await openCustomization(page);
    await page.getByRole("textbox", { name: "Text" }).fill("");
    await save(page);
    await expect(page.getByText("Enter a text: this screen has a headline or a picture.").first()).toBeVisible();
    await page.getByRole("textbox", { name: "Headline" }).fill("");
    await page.getByRole("textbox", { name: "Text" }).fill("Only a text");
    await save(page);
    await expect(page.getByText("Enter a headline: this screen has a text or a picture.").first()).toBeVisible();
    await page.getByRole("textbox", { name: "Headline" }).fill("h".repeat(61));
    await page.getByRole("textbox", { name: "Text" }).fill("t".repeat(131));
    await save(page);
    await expect(page.getByText("The headline can have at most 60 characters.").first()).toBeVisible();
    await expect(page.getByText("The text can have at most 130 characters.").first()).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Text" })).toHaveValue("t".repeat(131));
    expect((await stored())!.onboardings[0]!.headline).toBe("Welcome");
  });

  test("an onboarding picture: JPEG downscaled to fit 600 × 600; too small is refused with the upload hint", async ({
    page,
  }) => {
    await storeConfiguration();
    await openCustomization(page);
    const hint =
      "A JPEG or PNG image of at least 300 × 300 pixels, ideally square. It is scaled down to fit 600 × 600 pixels.";
    await chooseImage(page, "Picture of screen 1", "Upload picture (screen 1)", {
      name: "small.jpg",
      mimeType: "image/jpeg",
      buffer: await jpegImage(200, 200),
    });
    await expect(page.getByText(hint).and(page.locator("[id$='-error']"))).toBeVisible();
    await chooseImage(page, "Picture of screen 1", "Upload picture (screen 1)", {
      name: "hall.jpg",
      mimeType: "image/jpeg",
      buffer: await jpegImage(1200, 900),
    });
    await expect(page.getByRole("img", { name: "Picture of screen 1" })).toBeVisible();
    await save(page);
    await expect(savedMessage(page)).toBeVisible();
    expect(await imageSize((await stored())!.onboardings[0]!.picture!)).toEqual({
      format: "jpeg",
      width: 600,
      height: 450,
    });
  });

  test("undo restores the stored state", async ({ page }) => {
    await storeConfiguration();
    await openCustomization(page);
    await page.getByRole("textbox", { name: "Headline" }).fill("Changed");
    await page.getByRole("radio", { name: "Light" }).check();
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("textbox", { name: "Headline" })).toHaveValue("Welcome");
    await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
    expect((await stored())!.onboardings[0]!.headline).toBe("Welcome");
  });

  test("a full reset needs confirming and brings back the defaults", async ({ page }) => {
    await storeConfiguration();
    await openCustomization(page);
    await page.getByRole("link", { name: "Reset to default" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset the app customization?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Reset" }).click();
    await expect(page.getByText("The app customization has been reset to the default.").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Reset to default" })).toHaveCount(0);
    await expect(logoThumbnail(page)).toHaveAttribute("alt", "The app's default logo");
    await expect(page.getByRole("textbox", { name: "Background colour", exact: true })).toHaveValue("003746");
    expect(await stored()).toBeNull();
  });

  test("a failed save keeps the changes and says to try again", async ({ page }) => {
    await storeConfiguration();
    await openCustomization(page);
    await page.getByRole("textbox", { name: "Headline" }).fill("Hello again");
    await simulator.faults({ failNext5xx: 1, failWritesOnly: true });
    await save(page);
    await expect(page.getByText("The app customization could not be saved. Please try again.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Headline" })).toHaveValue("Hello again");
    expect((await stored())!.onboardings[0]!.headline).toBe("Welcome");
  });
});

test.describe("as a moderator", () => {
  test.use({ role: "moderator" });

  test("the app customization page is forbidden", async ({ page }) => {
    const response = await page.goto("/appCustomization");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Forbidden" })).toBeVisible();
  });
});
