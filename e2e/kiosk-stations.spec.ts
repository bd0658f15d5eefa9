// The station screens on a 1024×600 kiosk (the nojs project is the kiosk without JavaScript):
// removing a dead station, disabled actions that name the real state, and accepting an
// unauthorized station from its own page.
import type { Page } from "@playwright/test";
import { expect, simulator, test } from "./support/fixtures";
import { liveCaughtUp } from "./support/live";

const api = "/configuration/api/v1.0";

test.use({ viewport: { width: 1024, height: 600 } });

/** With JavaScript, act once the page is hydrated and its live updates have caught up (as stations.spec.ts). */
async function visit(page: Page, path: string) {
  await page.goto(path);
  if (test.info().project.name === "js") {
    await expect(page.locator("html")).toHaveAttribute("data-js", "on");
    await liveCaughtUp(page);
  }
}

const actionsOf = (page: Page) => page.getByRole("region", { name: "Station actions" });

test.describe("Remove in every state", () => {
  const stations = [
    { serialNumber: "MCS-0045", name: "Lecture Theatre 1", state: "Not Running" },
    { serialNumber: "MCS-0048", name: "Foyer", state: "Update required" },
    { serialNumber: "MCS-0050", name: "Annex", state: "Unknown" },
    { serialNumber: "MCS-0012", name: "Old Gym", state: "Unsupported" },
    { serialNumber: "MCS-0044", name: "Chapel", state: "Running, stuck rebooting" },
    { serialNumber: "MCS-0046", name: "MCS-0046", state: "Unauthorized" },
  ];
  for (const { serialNumber, name, state } of stations) {
    test(`a ${state} station can be removed, after confirming`, async ({ page }) => {
      await visit(page, `/stations/${serialNumber}`);
      await actionsOf(page).getByRole("link", { name: "Remove" }).click();
      const confirm = page.getByRole("dialog", { name: `Remove ${name}?` });
      await confirm.getByRole("button", { name: "Remove" }).click();
      await expect(page).toHaveURL(/\/stations(\?|$)/);
      await expect(page.getByText(`Station ${serialNumber} was removed.`).first()).toBeVisible();
      await expect(page.getByRole("rowheader", { name: new RegExp(serialNumber) })).toHaveCount(0);
      await expect(simulator.api("admin", "GET", `${api}/stations/${serialNumber}`)).rejects.toThrow(/404/);
    });
  }
});

test.describe("a disabled action names the station's real state", () => {
  const cases = [
    { serialNumber: "MCS-0045", reason: "Not possible while the station is not running." },
    {
      serialNumber: "MCS-0048",
      reason: "Not possible until the station's firmware is updated: its version is no longer supported.",
    },
    { serialNumber: "MCS-0050", reason: "Not possible while the station's type is unknown." },
    { serialNumber: "MCS-0012", reason: "This station type is no longer supported." },
  ];
  for (const { serialNumber, reason } of cases) {
    test(`${serialNumber}: reboot and factory reset say “${reason}”`, async ({ page }) => {
      await visit(page, `/stations/${serialNumber}`);
      for (const action of ["Reboot", "Factory reset"]) {
        await expect(actionsOf(page).getByRole("button", { name: action })).toBeDisabled();
        await expect(actionsOf(page).getByRole("button", { name: action })).toHaveAccessibleDescription(reason);
      }
    });
  }
  for (const serialNumber of ["MCS-0048", "MCS-0050", "MCS-0046"]) {
    test(`${serialNumber} is online, so nothing on its page says it is not running`, async ({ page }) => {
      await visit(page, `/stations/${serialNumber}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText("not running")).toHaveCount(0);
    });
  }
});

test.describe("accepting from the station's own page", () => {
  async function stationFromApi(serialNumber: string) {
    return (await simulator.api("admin", "GET", `${api}/stations/${serialNumber}`)) as {
      controlMacAddress: string;
      streamingMacAddress: string;
      authorization: { fingerprint: string };
    };
  }

  test("a deep link to a station getting ready shows it is unauthorized, with Accept disabled and why", async ({
    page,
  }) => {
    await visit(page, "/stations/MCS-0046");
    const card = page.getByRole("region", { name: "Authorization" });
    await expect(card).toContainText("This station is not authorized yet.");
    const station = await stationFromApi("MCS-0046");
    await expect(card).toContainText(station.authorization.fingerprint);
    await expect(card).toContainText(station.controlMacAddress);
    await expect(card.getByRole("button", { name: "Accept" })).toBeDisabled();
    await expect(card.getByRole("button", { name: "Accept" })).toHaveAccessibleDescription(
      "Still getting ready: it can be accepted once it is ready.",
    );
    await expect(page.getByText("Not possible until the station is authorized.").first()).toBeVisible();
  });

  test("Accept opens the same dialog; a changed fingerprint is offered again, then the station runs", async ({
    page,
  }) => {
    const before = await stationFromApi("MCS-0047");
    await visit(page, "/stations/MCS-0047");
    await page.getByRole("region", { name: "Authorization" }).getByRole("link", { name: "Accept" }).click();
    const accept = page.getByRole("dialog", { name: "Accept MCS-0047?" });
    await expect(accept).toContainText(before.streamingMacAddress);
    await expect(accept).toContainText(before.authorization.fingerprint);
    await accept.getByRole("button", { name: "Accept" }).click();

    await expect(
      page.getByText("The station could not be accepted: its fingerprint has changed.").first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/stations\/MCS-0047\?confirm=accept&fingerprintChanged=1$/);
    const refreshed = page.getByRole("dialog", { name: "Accept MCS-0047?" });
    await expect(refreshed).toContainText("The fingerprint has changed");
    const current = await stationFromApi("MCS-0047");
    expect(current.authorization.fingerprint).not.toBe(before.authorization.fingerprint);
    await expect(refreshed).toContainText(current.authorization.fingerprint);
    await refreshed.getByRole("button", { name: "Accept" }).click();

    await expect(page.getByText("Station MCS-0047 was accepted.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/stations\/MCS-0047$/);
    await expect(page.getByRole("region", { name: "Authorization" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 }).locator("..")).toContainText("Running");
  });

  test("Reject asks first, then returns to the list without the station", async ({ page }) => {
    await visit(page, "/stations/MCS-0047");
    await page.getByRole("region", { name: "Authorization" }).getByRole("link", { name: "Reject" }).click();
    await page.getByRole("dialog", { name: "Reject MCS-0047?" }).getByRole("button", { name: "Reject" }).click();
    await expect(page).toHaveURL(/\/stations(\?|$)/);
    await expect(page.getByText("Station MCS-0047 was rejected.").first()).toBeVisible();
    await expect(page.getByRole("rowheader", { name: /MCS-0047/ })).toHaveCount(0);
  });
});

test.describe("dialog state stays with its dialog", () => {
  test("after a fingerprint mismatch, sort links, paging and other rows' links carry no dialog parameters", async ({
    page,
  }) => {
    await visit(page, "/stations");
    await page.getByRole("link", { name: "Accept MCS-0047" }).click();
    await page.getByRole("dialog", { name: "Accept MCS-0047?" }).getByRole("button", { name: "Accept" }).click();
    await expect(page).toHaveURL(/fingerprintChanged=1/);

    const hrefs = async (links: import("@playwright/test").Locator) =>
      Promise.all((await links.all()).map(async (link) => (await link.getAttribute("href")) ?? ""));
    const table = page.getByRole("table", { name: "Stations", exact: true });
    // The URL changes before the page that answers it has arrived, and without JavaScript the
    // document is still being parsed when its first header shows: wait until it has loaded.
    await expect(page.getByText(/its fingerprint has changed/).first()).toBeVisible();
    await page.waitForLoadState("load");
    const sortLinks = await hrefs(table.getByRole("columnheader").getByRole("link"));
    expect(sortLinks.length).toBeGreaterThan(3);
    for (const href of sortLinks) expect(href).not.toMatch(/confirm=|station=|fingerprintChanged=/);

    const reject = await table.getByRole("link", { name: "Reject MCS-0046" }).getAttribute("href");
    expect(new URLSearchParams(reject!.split("?")[1])).toEqual(new URLSearchParams("confirm=reject&station=MCS-0046"));

    // The page-size form keeps the table's state, not the dialog's.
    const hidden = await page
      .locator('form[method="get"] input[type="hidden"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).name));
    expect(hidden.filter((name) => ["confirm", "station", "fingerprintChanged"].includes(name))).toEqual([]);

    // Following a sort link closes the dialog instead of reopening it.
    await page.goto(sortLinks[1]!);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("smaller things a kiosk walk found", () => {
  test("the station stuck rebooting on 6.0.3 points from its General tab to the Firmware tab", async ({ page }) => {
    await visit(page, "/stations/MCS-0044");
    const notice = page.getByRole("status").filter({ hasText: "Settings cannot be changed right now" });
    await expect(notice).toContainText("stuck reporting “Rebooting” (a fault of firmware 6.0.3)");
    await notice.getByRole("link", { name: "Go to the Firmware tab" }).click();
    await expect(page).toHaveURL(/\/stations\/MCS-0044\/firmware$/);
    await expect(page.getByRole("button", { name: "Start update" })).toBeEnabled();
  });

  test("the rejected-stations card is gone when none are rejected", async ({ page }) => {
    await visit(page, "/stations");
    await expect(page.getByRole("region", { name: "Rejected stations" })).toContainText("1 rejected station is hidden");
    await page.getByRole("button", { name: "Clear rejected" }).click();
    await expect(page.getByText("The rejected stations were cleared.").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Rejected stations" })).toHaveCount(0);
    await expect(page.getByText(/0 rejected stations/)).toHaveCount(0);
  });

  test("Stop test tone is offered only while the tone plays", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/channels/1");
    const card = page.getByRole("region", { name: "Test tone" });
    await expect(card.getByRole("button", { name: "Stop test tone" })).toHaveCount(0);
    await card.getByRole("link", { name: "Play test tone" }).click();
    await page
      .getByRole("dialog", { name: "Play a test tone?" })
      .getByRole("button", { name: "Play test tone" })
      .click();
    await expect(page.getByText("The test tone is playing.").first()).toBeVisible();
    await expect(card.getByRole("link", { name: "Play test tone" })).toHaveCount(0);
    await card.getByRole("button", { name: "Stop test tone" }).click();
    await expect(page.getByText("The test tone was stopped.").first()).toBeVisible();
    await expect(card.getByRole("button", { name: "Stop test tone" })).toHaveCount(0);
    await expect(card.getByRole("link", { name: "Play test tone" })).toBeVisible();
  });
});
