// The stations' failure paths the spec names (operations.md §8: "Save failures each show a
// 'please try again' message: accepting or rejecting a station, …, audio settings, channel
// details, PIN, …, noise gate, output settings, test-tone change"), each forced with the
// simulator's fault controls: the Manager answers the save with a 500. The user reads the
// screen's own message — beside the form, and errors.unexpectedError as the toast, where there is
// a form — keeps what they typed, and the Manager holds what it held. JavaScript on and off.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import {
  dialog,
  expectFlash,
  expectFormMessage,
  failNextWrite,
  managerGet,
  region,
  unexpectedError,
  visit,
} from "./failure-helpers";

interface StationAnswer {
  deviceState: { computedState: string };
  authorization: { isAuthorized: boolean };
  configuration: { noiseGate: { thresholdDb: number }; output: { level: string; gainDb: number } };
  state: { audioEncoder: Record<string, unknown> };
  audioChannels: { index: number; channelId: string; pinCode: string | null }[];
}

const station = (serialNumber: string) => managerGet<StationAnswer>(`/stations/${serialNumber}`);

function row(page: Page, serialNumber: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: serialNumber }) });
}

test.describe("the stations list", () => {
  test("a failed accept says the station could not be accepted, and it stays unauthorized", async ({ page }) => {
    await visit(page, "/stations");
    await row(page, "MCS-0047").getByRole("link", { name: "Accept MCS-0047" }).click();
    const accept = dialog(page, "Accept MCS-0047?");
    await expect(accept).toBeVisible();
    await failNextWrite();
    await accept.getByRole("button", { name: "Accept" }).click();
    // stations:authorization.acceptFailed
    await expectFlash(page, "The station could not be accepted. Please try again.");
    await expect(row(page, "MCS-0047").getByRole("link", { name: "Accept MCS-0047" })).toBeVisible();
    expect((await station("MCS-0047")).authorization.isAuthorized).toBe(false);
  });

  test("a failed reject says the station could not be rejected, and it stays in the list", async ({ page }) => {
    await visit(page, "/stations");
    await row(page, "MCS-0047").getByRole("link", { name: "Reject MCS-0047" }).click();
    const reject = dialog(page, "Reject MCS-0047?");
    await expect(reject).toBeVisible();
    await failNextWrite();
    await reject.getByRole("button", { name: "Reject" }).click();
    // stations:authorization.rejectFailed
    await expectFlash(page, "The station could not be rejected. Please try again.");
    await expect(row(page, "MCS-0047")).toBeVisible();
    await expect(region(page, "Rejected stations")).toContainText("1 rejected station is hidden from this list.");
  });

  test("a failed clear says the rejected stations could not be cleared, and they stay hidden", async ({ page }) => {
    await visit(page, "/stations");
    const card = region(page, "Rejected stations");
    await failNextWrite();
    await card.getByRole("button", { name: "Clear rejected" }).click();
    // stations:rejected.clearFailed
    await expectFlash(page, "The rejected stations could not be cleared. Please try again.");
    await expect(card).toContainText("1 rejected station is hidden from this list.");
    await expect(card.getByRole("button", { name: "Clear rejected" })).toBeVisible();
  });
});

test.describe("station details: General", () => {
  test("a failed reboot says the station could not be rebooted, and it keeps running", async ({ page }) => {
    await visit(page, "/stations/MCS-0042");
    await page.getByRole("link", { name: "Reboot" }).click();
    const reboot = dialog(page, "Reboot Main Hall?");
    await expect(reboot).toBeVisible();
    await failNextWrite();
    await reboot.getByRole("button", { name: "Reboot" }).click();
    // stations:actions.rebootFailed
    await expectFlash(page, "The station could not be rebooted. Please try again.");
    await expect(region(page, "Station actions").getByRole("link", { name: "Reboot" })).toBeVisible();
    expect((await station("MCS-0042")).deviceState.computedState).toBe("Connected");
  });

  test("a failed audio save shows its message and keeps every choice and the typed latency", async ({ page }) => {
    const before = (await station("MCS-0042")).state.audioEncoder;
    await visit(page, "/stations/MCS-0042");
    const audio = region(page, "Audio settings");
    await audio.getByLabel("Stereo").check();
    await audio.getByLabel("Digital (SPDIF/AES)").check();
    await audio.getByLabel("Optical").check();
    await audio.getByLabel("Lo Gain").check();
    await audio.getByLabel("With gain").uncheck();
    await audio.getByLabel("Manual", { exact: true }).check();
    await audio.getByLabel("Manual latency (ms)").fill("240");
    await failNextWrite();
    await audio.getByRole("button", { name: "Save audio settings" }).click();
    // stations:audio.saveFailed beside the form; errors.unexpectedError as the toast.
    await expectFormMessage(audio, "The audio settings could not be saved. Please try again.");
    await expectFlash(page, unexpectedError);
    await expect(audio.getByLabel("Stereo")).toBeChecked();
    await expect(audio.getByLabel("Digital (SPDIF/AES)")).toBeChecked();
    await expect(audio.getByLabel("Optical")).toBeChecked();
    await expect(audio.getByLabel("Lo Gain")).toBeChecked();
    await expect(audio.getByLabel("With gain")).not.toBeChecked();
    await expect(audio.getByLabel("Manual", { exact: true })).toBeChecked();
    await expect(audio.getByLabel("Manual latency (ms)")).toHaveValue("240");
    expect((await station("MCS-0042")).state.audioEncoder).toEqual(before);
  });

  test("a failed noise gate save shows its message and keeps the typed threshold", async ({ page }) => {
    const before = (await station("MCS-0043")).configuration.noiseGate;
    await visit(page, "/stations/MCS-0043");
    const noiseGate = region(page, "Noise gate");
    await noiseGate.getByLabel("Threshold (dB)").fill("-33");
    await failNextWrite();
    await noiseGate.getByRole("button", { name: "Save noise gate" }).click();
    // stations:noiseGate.saveFailed
    await expectFormMessage(noiseGate, "The noise gate could not be saved. Please try again.");
    await expectFlash(page, unexpectedError);
    await expect(noiseGate.getByLabel("Threshold (dB)")).toHaveValue("-33");
    expect((await station("MCS-0043")).configuration.noiseGate).toEqual(before);
  });

  test("a failed output save shows its message and keeps the chosen level and the typed gain", async ({ page }) => {
    const before = (await station("MCS-0043")).configuration.output;
    await visit(page, "/stations/MCS-0043");
    const output = region(page, "Output settings");
    await output.getByLabel("−10 dBV").check();
    await output.getByLabel("Output gain (dB)").fill("7");
    await failNextWrite();
    await output.getByRole("button", { name: "Save output settings" }).click();
    // stations:output.saveFailed
    await expectFormMessage(output, "The output settings could not be saved. Please try again.");
    await expectFlash(page, unexpectedError);
    await expect(output.getByLabel("−10 dBV")).toBeChecked();
    await expect(output.getByLabel("Output gain (dB)")).toHaveValue("7");
    expect((await station("MCS-0043")).configuration.output).toEqual(before);
  });
});

/** The PIN: six boxes with JavaScript, one numeric field without. */
async function enterPin(page: Page, pin: string) {
  if (test.info().project.name === "js") {
    await page.getByRole("textbox", { name: "PIN digit 1 of 6" }).click();
    await page.keyboard.type(pin);
  } else {
    await page.getByRole("textbox", { name: "PIN" }).fill(pin);
  }
}

async function expectPin(page: Page, pin: string) {
  if (test.info().project.name === "js") {
    for (const [position, digit] of [...pin].entries()) {
      await expect(page.getByRole("textbox", { name: `PIN digit ${position + 1} of 6` })).toHaveValue(digit);
    }
  } else {
    await expect(page.getByRole("textbox", { name: "PIN" })).toHaveValue(pin);
  }
}

test.describe("channel details", () => {
  test("a failed new channel ID says the access could not be changed, and the channel ID stays", async ({ page }) => {
    const before = (await station("MCS-0042")).audioChannels[0]!.channelId;
    await visit(page, "/stations/MCS-0042/channels/1");
    await page.getByRole("link", { name: "Change channel ID" }).click();
    const confirm = dialog(page, "Change the channel ID?");
    await expect(confirm).toBeVisible();
    await failNextWrite();
    await confirm.getByRole("button", { name: "Change channel ID" }).click();
    // stations:access.regenerateFailed
    await expectFlash(page, "The channel access could not be changed. Please try again.");
    await expect(region(page, "Channel ID")).toContainText(before);
    expect((await station("MCS-0042")).audioChannels[0]!.channelId).toBe(before);
  });

  test("a failed PIN save shows its message and keeps the typed PIN", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/channels/1");
    const pinCard = region(page, "PIN");
    await pinCard.getByLabel("Protect the channel with a PIN").check();
    await enterPin(page, "482916");
    await pinCard.getByRole("button", { name: "Save PIN" }).click();
    const confirm = dialog(page, "Save the changes?");
    await expect(confirm).toBeVisible();
    await failNextWrite();
    await confirm.getByRole("button", { name: "Save" }).click();
    // stations:pin.saveFailed
    await expectFormMessage(pinCard, "The PIN could not be saved. Please try again.");
    await expectFlash(page, unexpectedError);
    await expect(pinCard.getByLabel("Protect the channel with a PIN")).toBeChecked();
    await expectPin(page, "482916");
    await expect(pinCard).toContainText("The channel has no PIN.");
    expect((await station("MCS-0042")).audioChannels[0]!.pinCode).toBeNull();
  });

  test("a failed test tone says it could not be changed, and Play is offered again", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/channels/1");
    await page.getByRole("link", { name: "Play test tone" }).click();
    const warning = dialog(page, "Play a test tone?");
    await expect(warning).toBeVisible();
    await failNextWrite();
    await warning.getByRole("button", { name: "Play test tone" }).click();
    // stations:testTone.failed
    await expectFlash(page, "The test tone could not be changed. Please try again.");
    const testTone = region(page, "Test tone");
    await expect(testTone.getByRole("link", { name: "Play test tone" })).toBeVisible();
    await expect(testTone.getByRole("button", { name: "Stop test tone" })).toHaveCount(0);
  });

  test("a failed stop of the test tone says it could not be changed, and Stop is offered again", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/channels/1");
    await page.getByRole("link", { name: "Play test tone" }).click();
    await dialog(page, "Play a test tone?").getByRole("button", { name: "Play test tone" }).click();
    await expectFlash(page, "The test tone is playing.");
    const stop = region(page, "Test tone").getByRole("button", { name: "Stop test tone" });
    await failNextWrite();
    await stop.click();
    await expectFlash(page, "The test tone could not be changed. Please try again.");
    await expect(stop).toBeVisible();
    // The Manager answers again: the tone stops, and the session no longer remembers it playing
    // (the next test of this worker's admin starts with no tone).
    await stop.click();
    await expectFlash(page, "The test tone was stopped.");
    await expect(stop).toHaveCount(0);
  });
});
