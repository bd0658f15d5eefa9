// The stations screens against the simulator's default fleet, with and without JavaScript:
// the list, authorization, station details (General, Network, Log, Firmware) and channel details.
import type { Locator, Page } from "@playwright/test";
import { expect, signInOnPage, simulator, test } from "./support/fixtures";
import { liveCaughtUp } from "./support/live";

const api = "/configuration/api/v1.0";

/**
 * Opens a page. With JavaScript the test acts once the page is hydrated (a click that lands
 * while React hydrates can be swallowed) and its live updates have connected and caught up
 * (their catch-up load would otherwise race the test's first save).
 */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  if (test.info().project.name === "js") {
    await expect(page.locator("html")).toHaveAttribute("data-js", "on");
    await liveCaughtUp(page);
  }
  return response;
}

/**
 * With JavaScript, a page asks the Manager once more when its live updates connect: before a
 * test makes the Manager fail its next call, let that happen, so the failure hits the save.
 */
async function settleLiveUpdates(page: Page) {
  if (test.info().project.name !== "js") return;
  await expect.poll(async () => (await simulator.state()).hubConnections).toBeGreaterThan(0);
  await liveCaughtUp(page);
}

function row(page: Page, text: string | RegExp) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: text }) });
}

function firstRowHeader(page: Page) {
  return page.getByRole("table", { name: "Stations" }).getByRole("rowheader").first();
}

function region(page: Page, name: string | RegExp): Locator {
  return page.getByRole("region", { name });
}

/** The flash message: a banner without JavaScript, a notification with it (briefly both). */
async function expectFlash(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

function dialog(page: Page, name: string | RegExp) {
  return page.getByRole("dialog", { name });
}

async function stationFromApi(serialNumber: string) {
  return (await simulator.api("admin", "GET", `${api}/stations/${serialNumber}`)) as {
    name: string | null;
    controlMacAddress: string;
    streamingMacAddress: string;
    authorization: { fingerprint: string };
    deviceState: { computedState: string };
    audioChannels: {
      index: number;
      name: string;
      channelId: string;
      pinCode: string | null;
      isHidden: boolean;
      isEnabled: boolean;
    }[];
    state: { audioMode: { useCaseMode: number } };
  };
}

test.describe("the stations list", () => {
  test("shows every station with a label for its state, its firmware, addresses and channels in use", async ({
    page,
  }) => {
    await visit(page, "/stations");
    await expect(page.getByRole("heading", { level: 1, name: "Stations" })).toBeVisible();
    const mainHall = row(page, /Main Hall/);
    await expect(mainHall).toContainText("Running");
    await expect(mainHall).toContainText("6.2.0");
    await expect(mainHall).toContainText("Control 10.10.20.42");
    await expect(mainHall).toContainText("Streaming 10.10.30.42");
    await expect(mainHall).toContainText("2 of 2");
    await expect(row(page, /Lecture Theatre 1/)).toContainText("Not Running");
    await expect(row(page, /Lecture Theatre 1/)).toContainText("1 of 2");
    await expect(row(page, "MCS-0046")).toContainText("Unauthorized");
    await expect(row(page, /Foyer/)).toContainText("Update required");
    await expect(row(page, /Old Gym/)).toContainText("Unsupported");
    await expect(row(page, /Annex/)).toContainText("Unknown");
    await expect(page.getByText("MCS-0049")).toHaveCount(0);
    await expect(page.getByText("1–9 of 9")).toBeVisible();
  });

  test("sorts by each column on the server", async ({ page }) => {
    await visit(page, "/stations");
    await expect(firstRowHeader(page)).toHaveText(/Annex/);
    const cases = [
      // By name (the default, ascending): the first click turns it around.
      { column: "Station", key: "name", orders: ["desc", "asc"], first: [/Old Gym/, /Annex/] },
      // By state in the order of the enumeration: Unknown … Unsupported.
      { column: "Status", key: "status", orders: ["asc", "desc"], first: [/Annex/, /Old Gym/] },
      // Numerically: 1.0.0 is the oldest, 6.10.0 the newest (not 6.2.0.1).
      {
        column: "Firmware Version",
        key: "firmwareVersion",
        orders: ["asc", "desc"],
        first: [/Annex/, /Conference Room B/],
      },
      { column: "IP", key: "ip", orders: ["asc", "desc"], first: [/Old Gym/, /Annex/] },
      {
        column: "Channels in Use",
        key: "channelsInUse",
        orders: ["asc", "desc"],
        first: [/Conference Room B/, /Old Gym/],
      },
    ];
    for (const { column, key, orders, first } of cases) {
      for (const [step, order] of orders.entries()) {
        await page.getByRole("link", { name: new RegExp(`Sort by ${column}$`) }).click();
        await expect(page).toHaveURL(new RegExp(`sort=${key}&order=${order}`));
        await expect(firstRowHeader(page)).toHaveText(first[step]!);
      }
    }
  });

  test("pages a fleet of 1,000 on the server with a chosen page size, remembered for the next visit", async ({
    page,
  }, testInfo) => {
    await simulator.seed(1000);
    await visit(page, "/stations");
    await page.getByLabel("Rows per page").selectOption("10");
    if (testInfo.project.name === "nojs") await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/size=10/);
    await expect(page.getByText(/^1–10 of \d+/)).toBeVisible();
    await expect(page.getByRole("table", { name: "Stations" }).getByRole("rowheader")).toHaveCount(10);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^11–20 of \d+/)).toBeVisible();
    await page.getByRole("link", { name: /Sort by Status$/ }).click();
    await expect(page).toHaveURL(/sort=status/);

    await visit(page, "/stations");
    await expect(page).toHaveURL(/sort=status/);
    await expect(page).toHaveURL(/size=10/);
  });

  test("searches by name or serial number", async ({ page }) => {
    await visit(page, "/stations");
    const search = page.getByRole("searchbox", { name: "Search by name or serial number" });
    await search.fill("hall");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/q=hall/);
    await expect(page.getByRole("table", { name: "Stations" }).getByRole("rowheader")).toHaveText([/Main Hall/]);
    await search.fill("mcs-004");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("table", { name: "Stations" }).getByRole("rowheader")).toHaveCount(7);
    await search.fill("no such station");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("No station matches “no such station”.")).toBeVisible();
  });

  test("clears the rejected stations, which come back only after a reboot", async ({ page }) => {
    await visit(page, "/stations");
    const card = region(page, "Rejected stations");
    await expect(card).toContainText("1 rejected station is hidden from this list.");
    await expect(card).toContainText("appears again only once it has been rebooted");
    await card.getByRole("button", { name: "Clear rejected" }).click();
    await expectFlash(page, "The rejected stations were cleared.");
    // With none rejected there is nothing to say or clear.
    await expect(card).toHaveCount(0);
    await expect(page.getByText("0 rejected stations")).toHaveCount(0);
  });
});

test.describe("authorization", () => {
  test("a station still getting ready cannot be accepted yet, and says why", async ({ page }) => {
    await visit(page, "/stations");
    const gettingReady = row(page, "MCS-0046");
    await expect(gettingReady.getByRole("button", { name: "Accept MCS-0046" })).toBeDisabled();
    await expect(gettingReady).toContainText("Still getting ready");
  });

  test("accept shows serial number, both MAC addresses and the fingerprint; a changed fingerprint is offered again", async ({
    page,
  }) => {
    const before = await stationFromApi("MCS-0047");
    await visit(page, "/stations");
    await row(page, "MCS-0047").getByRole("link", { name: "Accept MCS-0047" }).click();
    const accept = dialog(page, "Accept MCS-0047?");
    await expect(accept).toContainText("MCS-0047");
    await expect(accept).toContainText(before.controlMacAddress);
    await expect(accept).toContainText(before.streamingMacAddress);
    await expect(accept).toContainText(before.authorization.fingerprint);
    await accept.getByRole("button", { name: "Accept" }).click();

    // The Manager held an old fingerprint: the acceptance fails and the current one is offered.
    await expectFlash(page, "The station could not be accepted: its fingerprint has changed.");
    const refreshed = dialog(page, "Accept MCS-0047?");
    await expect(refreshed).toContainText("The fingerprint has changed");
    const current = await stationFromApi("MCS-0047");
    expect(current.authorization.fingerprint).not.toBe(before.authorization.fingerprint);
    await expect(refreshed).toContainText(current.authorization.fingerprint);
    await refreshed.getByRole("button", { name: "Accept" }).click();

    await expectFlash(page, "Station MCS-0047 was accepted.");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(row(page, "MCS-0047")).toContainText("Running");
  });

  test("reject removes the station from the list", async ({ page }) => {
    await visit(page, "/stations");
    await row(page, "MCS-0046").getByRole("link", { name: "Reject MCS-0046" }).click();
    const reject = dialog(page, "Reject MCS-0046?");
    await expect(reject).toContainText("clear the rejected stations and reboot it");
    await reject.getByRole("button", { name: "Reject" }).click();
    await expectFlash(page, "Station MCS-0046 was rejected.");
    await expect(row(page, "MCS-0046")).toHaveCount(0);
    await expect(region(page, "Rejected stations")).toContainText("2 rejected stations are hidden");
  });
});

test.describe("station details: General", () => {
  test("shows the station's facts and its channels, linking to channel details", async ({ page }) => {
    await visit(page, "/stations/MCS-0042");
    await expect(page.getByRole("heading", { level: 1, name: "Main Hall" })).toBeVisible();
    await expect(page).toHaveTitle("Main Hall · Stations · Station Console");
    await expect(
      page.getByRole("navigation", { name: "Station sections" }).getByRole("link", { name: "General" }),
    ).toHaveAttribute("aria-current", "page");
    const facts = page.getByRole("table", { name: "Station" });
    for (const [label, value] of [
      ["Model", "MCS-200"],
      ["Serial number", "MCS-0042"],
      ["Type", "MCS v2"],
      ["Status", "Running"],
      ["Current firmware version", "6.2.0"],
      ["Latest firmware version", "6.10.0"],
      ["Control IP", "10.10.20.42"],
      ["Streaming IP", "10.10.30.42"],
    ] as const) {
      await expect(facts.getByRole("row", { name: label })).toContainText(value);
    }
    await expect(page.getByLabel("Name")).toHaveValue("Main Hall");
    const channels = page.getByRole("table", { name: "Channels of this station" });
    await expect(channels.getByRole("row", { name: /Main Hall – Deutsch/ })).toContainText("Set");
    await channels.getByRole("link", { name: "2 · Main Hall – Deutsch" }).click();
    await expect(page).toHaveURL("/stations/MCS-0042/channels/2");
    await expect(page.getByRole("heading", { level: 1, name: "Main Hall – Deutsch" })).toBeVisible();
    await expect(page).toHaveTitle("Main Hall – Deutsch · Stations · Station Console");
  });

  test("renames the station; an empty name is refused next to the field", async ({ page }) => {
    await visit(page, "/stations/MCS-0042");
    const name = page.getByLabel("Name");
    await name.fill("   ");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Enter a name for the station.").first()).toBeVisible();
    await expect(name).toHaveAccessibleDescription(/Enter a name for the station\./);
    await name.fill("Grand Hall");
    await page.getByRole("button", { name: "Save name" }).click();
    await expectFlash(page, "The name was saved.");
    await expect(page.getByRole("heading", { level: 1, name: "Grand Hall" })).toBeVisible();
    expect((await stationFromApi("MCS-0042")).name).toBe("Grand Hall");
  });

  test("a name of one zero-width space is refused next to the field; the typed value stays, the station keeps its name", async ({
    page,
  }) => {
    await visit(page, "/stations/MCS-0042");
    const name = page.getByLabel("Name");
    await name.fill("\u200B");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(name).toHaveAccessibleDescription(/Enter a name for the station\./);
    await expect(page.getByRole("alert").filter({ hasText: "Enter a name for the station." })).toBeVisible();
    await expect(name).toHaveValue("\u200B");
    await name.fill("Main\u202EHall");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(name).toHaveAccessibleDescription(/Remove the invisible or control characters/);
    await expect(name).toHaveValue("Main\u202EHall");
    await expect(page.getByRole("heading", { level: 1, name: "Main Hall" })).toBeVisible();
    expect((await stationFromApi("MCS-0042")).name).toBe("Main Hall");
  });

  test("changing the streaming mode is confirmed, and the station shows it is changing modes", async ({ page }) => {
    await visit(page, "/stations/MCS-0042");
    await simulator.clock(0.5);
    try {
      await page.getByRole("link", { name: "Switch to Audience Mic & Assistive Listening" }).click();
      const confirm = dialog(page, "Switch to Audience Mic & Assistive Listening?");
      await expect(confirm).toContainText("discards the channel and audio settings");
      await confirm.getByRole("button", { name: "Change mode" }).click();
      await expectFlash(page, "The station is changing its streaming mode.");
      await expect(page.getByText("Changing streaming mode…")).toBeVisible();
      await expect(
        page.getByText("Not possible while the station is changing its streaming mode.").first(),
      ).toBeVisible();
    } finally {
      await simulator.clock(20);
    }
    await expect(async () => {
      await page.reload();
      await expect(page.getByText("Current mode: Audience Mic & Assistive Listening")).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(page.getByRole("table", { name: "Channels of this station" }).getByRole("rowheader")).toHaveCount(1);
  });

  test("saves the audio settings and warns of dropouts below 150 ms latency", async ({ page }) => {
    await visit(page, "/stations/MCS-0042");
    const audio = region(page, "Audio settings");
    await audio.getByLabel("Stereo").check();
    await audio.getByLabel("Digital (SPDIF/AES)").check();
    await audio.getByLabel("Optical").check();
    await audio.getByLabel("Lo Gain").check();
    await audio.getByLabel("With gain").uncheck();
    await audio.getByLabel("Manual", { exact: true }).check();
    await audio.getByLabel("Manual latency (ms)").fill("5");
    await audio.getByRole("button", { name: "Save audio settings" }).click();
    await expect(audio.getByText("Enter a whole number from 20 to 1000.").first()).toBeVisible();
    await expect(audio.getByLabel("Optical")).toBeChecked();

    await audio.getByLabel("Manual latency (ms)").fill("100");
    await audio.getByRole("button", { name: "Save audio settings" }).click();
    await expectFlash(page, "The audio settings were saved.");
    await expect(audio.getByText("A latency below 150 ms can cause audio dropouts.")).toBeVisible();
    await expect(audio.getByLabel("Stereo")).toBeChecked();
    await expect(audio.getByLabel("Digital (SPDIF/AES)")).toBeChecked();
    await expect(audio.getByLabel("Optical")).toBeChecked();
    await expect(audio.getByLabel("Lo Gain")).toBeChecked();
    await expect(audio.getByLabel("With gain")).not.toBeChecked();
    await expect(audio.getByText("Maximum analog input level: +18 dBu")).toBeVisible();
    await expect(audio.getByLabel("Manual latency (ms)")).toHaveValue("100");
  });

  test("warns about a noise gate above −40 dB while the audience mic is in use, and saves output settings", async ({
    page,
  }) => {
    await visit(page, "/stations/MCS-0043");
    const noiseGate = region(page, "Noise gate");
    await expect(noiseGate.getByText("can impair the audio quality")).toHaveCount(0);
    await noiseGate.getByLabel("Threshold (dB)").fill("12");
    await noiseGate.getByRole("button", { name: "Save noise gate" }).click();
    await expect(noiseGate.getByText("Enter a whole number from −90 to 0.").first()).toBeVisible();
    await noiseGate.getByLabel("Threshold (dB)").fill("-30");
    await noiseGate.getByRole("button", { name: "Save noise gate" }).click();
    await expectFlash(page, "The noise gate was saved.");
    await expect(noiseGate.getByLabel("Threshold (dB)")).toHaveValue("-30");
    await expect(noiseGate.getByText("A noise gate above -40 dB can impair the audio quality")).toBeVisible();

    const output = region(page, "Output settings");
    await output.getByLabel("−10 dBV").check();
    await output.getByLabel("Output gain (dB)").fill("6");
    await output.getByRole("button", { name: "Save output settings" }).click();
    await expectFlash(page, "The output settings were saved.");
    await expect(output.getByLabel("−10 dBV")).toBeChecked();
    await expect(output.getByLabel("Output gain (dB)")).toHaveValue("6");
  });

  test("reboot is confirmed, and then blocked with the reason while the station reboots", async ({ page }) => {
    await simulator.clock(0.5);
    try {
      await visit(page, "/stations/MCS-0042");
      await page.getByRole("link", { name: "Reboot" }).click();
      await dialog(page, "Reboot Main Hall?").getByRole("button", { name: "Reboot" }).click();
      await expectFlash(page, "The station is rebooting.");
      await expect(region(page, "Station actions").getByRole("button", { name: "Reboot" })).toBeDisabled();
      await expect(
        region(page, "Station actions").getByText("Not possible while the station is rebooting.").first(),
      ).toBeVisible();
    } finally {
      await simulator.clock(20);
    }
  });

  test("factory reset is confirmed, takes up to 5 minutes and needs a new authorization", async ({ page }) => {
    await visit(page, "/stations/MCS-0043");
    await page.getByRole("link", { name: "Factory reset" }).click();
    const confirm = dialog(page, "Reset Conference Room B to factory settings?");
    await expect(confirm).toContainText("up to 5 minutes");
    await expect(confirm).toContainText("must be authorized again");
    await expect(confirm.getByLabel("Keep the network settings")).toBeChecked();
    await confirm.getByRole("button", { name: "Factory reset" }).click();
    await expectFlash(page, /The factory reset has started\. It can take up to 5 minutes/);
    await expect(async () => {
      expect((await stationFromApi("MCS-0043")).deviceState.computedState).toBe("Unauthorized");
    }).toPass();
  });

  test("remove is confirmed and leads back to the list", async ({ page }) => {
    await visit(page, "/stations/MCS-0042");
    await page.getByRole("link", { name: "Remove" }).click();
    await dialog(page, "Remove Main Hall?").getByRole("button", { name: "Remove" }).click();
    await expect(page).toHaveURL(/\/stations(\?|$)/);
    await expectFlash(page, "Station MCS-0042 was removed.");
    await expect(row(page, /Main Hall/)).toHaveCount(0);
  });

  test("a station that is not running can be looked at but not changed, and says why; it can be removed", async ({
    page,
  }) => {
    await visit(page, "/stations/MCS-0045");
    await expect(page.getByText("Not possible while the station is not running.").first()).toBeVisible();
    await expect(page.getByLabel("Name")).toBeDisabled();
    const actions = region(page, "Station actions");
    for (const action of ["Reboot", "Factory reset"]) {
      await expect(actions.getByRole("button", { name: action })).toBeDisabled();
    }
    await expect(actions.getByRole("link", { name: "Remove" })).toBeVisible();
    await visit(page, "/stations/MCS-0044");
    await expect(region(page, "Station actions").getByRole("button", { name: "Reboot" })).toBeDisabled();
    await expect(region(page, "Station actions")).toContainText(
      "Not possible while the station is stuck reporting “Rebooting”",
    );
  });

  test("a v1 station is shown as no longer supported", async ({ page }) => {
    await visit(page, "/stations/MCS-0012");
    await expect(page.getByText("No longer supported", { exact: true })).toBeVisible();
    await expect(page.getByText("MCS v1 stations are no longer supported.")).toBeVisible();
    await expect(page.getByLabel("Name")).toBeDisabled();
  });
});

test.describe("station details: Network", () => {
  test("refuses an invalid IP, a bad netmask and no DNS server, next to each field, keeping the values", async ({
    page,
  }) => {
    await visit(page, "/stations/MCS-0042/network");
    await expect(page).toHaveTitle("Main Hall · Stations · Station Console");
    const control = region(page, "Ctrl (Control interface)");
    await expect(control).toContainText("02:4D:");
    await expect(control.getByRole("row", { name: "Link" })).toContainText("Up");
    await expect(control.getByRole("row", { name: "Prefix length" })).toContainText("/24");
    await control.getByLabel("IP address").fill("10.10.20.300");
    await control.getByLabel("Netmask").fill("255.0.255.0");
    await control.getByLabel("DNS 1").fill("");
    await control.getByLabel("DNS 2").fill("");
    await page.getByRole("button", { name: "Save network settings" }).click();
    await expect(control.getByLabel("IP address")).toHaveAccessibleDescription(/Enter a valid IPv4 address/);
    await expect(control.getByLabel("Netmask")).toHaveAccessibleDescription(/Enter a valid netmask/);
    await expect(control.getByLabel("DNS 1")).toHaveAccessibleDescription(/Enter at least one DNS server\./);
    await expect(control.getByLabel("IP address")).toHaveValue("10.10.20.300");
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Control: Netmask");
    expect(
      (await simulator.api("admin", "GET", `${api}/stations/MCS-0042`)).configuration.controlNetworkInterface.ip,
    ).toBe("10.10.20.42");
  });

  test("saves a static address and the search domains as a comma-separated list", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/network");
    const control = region(page, "Ctrl (Control interface)");
    await control.getByLabel("IP address").fill("10.10.20.142");
    await control.getByLabel("Netmask").fill("255.255.254.0");
    await control.getByLabel("Search domains").fill(" venue.local , , hall.venue.local ,");
    await page.getByRole("button", { name: "Save network settings" }).click();
    await expectFlash(page, "The network settings were saved.");
    await expect(control.getByLabel("Search domains")).toHaveValue("venue.local, hall.venue.local");
    await expect(control.getByRole("row", { name: "IP address" })).toContainText("10.10.20.142");
    await expect(control.getByRole("row", { name: "Prefix length" })).toContainText("/23");

    const streaming = region(page, "PoE/Stream (Streaming interface)");
    await streaming.getByLabel("Static").check();
    await streaming.getByLabel("IP address").fill("10.10.30.142");
    await page.getByRole("button", { name: "Save network settings" }).click();
    await expectFlash(page, "The network settings were saved.");
    await expect(streaming.getByRole("row", { name: "Address assignment" })).toContainText("Static");
    await expect(streaming.getByRole("row", { name: "IP address" })).toContainText("10.10.30.142");
  });

  test("keeps what the user typed when the Manager fails during the save", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/network");
    const control = region(page, "Ctrl (Control interface)");
    await control.getByLabel("IP address").fill("10.10.20.99");
    await control.getByLabel("FQDN").fill("hall.venue.local");
    await settleLiveUpdates(page);
    await simulator.faults({ failNext5xx: 1, failWritesOnly: true });
    await page.getByRole("button", { name: "Save network settings" }).click();
    await expect(page.getByText("The network settings could not be saved. Please try again.").first()).toBeVisible();
    await expect(control.getByLabel("IP address")).toHaveValue("10.10.20.99");
    await expect(control.getByLabel("FQDN")).toHaveValue("hall.venue.local");
  });

  test("DNS discovery off needs a valid manager IP", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/network");
    const dns = region(page, "DNS discovery");
    await dns.getByLabel("Find the Manager by DNS").uncheck();
    await dns.getByRole("button", { name: "Save DNS discovery" }).click();
    await expect(dns.getByLabel("Manager IP address")).toHaveAccessibleDescription(/Enter the Manager's IP address\./);
    await dns.getByLabel("Manager IP address").fill("10.10.1");
    await dns.getByRole("button", { name: "Save DNS discovery" }).click();
    await expect(dns.getByLabel("Manager IP address")).toHaveAccessibleDescription(/Enter a valid IPv4 address/);
    await dns.getByLabel("Manager IP address").fill("10.10.1.5");
    await dns.getByRole("button", { name: "Save DNS discovery" }).click();
    await expectFlash(page, "The DNS discovery settings were saved.");
    await expect(dns.getByLabel("Find the Manager by DNS")).not.toBeChecked();
    await expect(dns.getByLabel("Manager IP address")).toHaveValue("10.10.1.5");
  });

  test("names the interfaces of a v1 station LAN2 (streaming) and LAN3 (control)", async ({ page }) => {
    await visit(page, "/stations/MCS-0012/network");
    await expect(region(page, "LAN3 (Control interface)")).toBeVisible();
    await expect(region(page, "LAN2 (Streaming interface)")).toBeVisible();
  });
});

test.describe("station details: Log", () => {
  test("shows the station's recent events from the Manager, newest first", async ({ page }) => {
    await simulator.raiseEvent({
      type: 3,
      code: "audioInputLost",
      stationSerialNumber: "MCS-0042",
      isDismissable: true,
    });
    await visit(page, "/stations/MCS-0042/log");
    const events = page.getByRole("table", { name: "Events of this station" });
    await expect(events.getByRole("row")).toHaveCount(3);
    await expect(events.getByRole("row").nth(1)).toContainText("Error");
    await expect(events.getByRole("row").nth(1)).toContainText("lost its audio input");
    await expect(events.getByRole("row").nth(2)).toContainText("High network latency (35 ms) at Main Hall.");
    await expect(events).not.toContainText("Conference Room B");
  });
});

test.describe("station details: Firmware", () => {
  test("shows current and latest version and the versions newest first, with release notes", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/firmware");
    const firmware = page.getByRole("table", { name: "Firmware" });
    await expect(firmware.getByRole("row", { name: "Current version" })).toContainText("6.2.0");
    await expect(firmware.getByRole("row", { name: "Latest version" })).toContainText("6.10.0");
    await expect(firmware.getByRole("row", { name: "Update status" })).toContainText("Current");
    await expect(page.getByRole("radio")).toHaveCount(5);
    const labels = await page
      .getByRole("radio")
      .evaluateAll((radios) => radios.map((radio) => radio.getAttribute("value")));
    expect(labels).toEqual(["mcs-200-6.10.0", "mcs-200-6.2.0.1", "mcs-200-6.2.0", "mcs-200-6.1.0", "mcs-200-6.0.3"]);
    await expect(page.getByRole("radio", { name: "Version 6.2.0", exact: true })).toBeDisabled();
    await expect(page.getByRole("link", { name: /Release notes 6\.10\.0/ })).toHaveAttribute(
      "href",
      /\/firmware\/mcs-200\/6\.10\.0$/,
    );
    await expect(
      page.getByText("cannot be stopped. The station stays online while the firmware downloads"),
    ).toBeVisible();
  });

  test("needs the EULA accepted, then updates; the status is current on each load", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/firmware");
    await page.getByRole("radio", { name: "Version 6.10.0" }).check();
    await page.getByRole("button", { name: "Start update" }).click();
    await expect(page.getByText("Accept the EULA to update the firmware.").first()).toBeVisible();
    await page.getByLabel("I accept the end-user licence agreement (EULA)").check();
    await page.getByRole("button", { name: "Start update" }).click();
    await expectFlash(page, "The firmware update has started.");
    await expect(async () => {
      await page.reload();
      await expect(
        page.getByRole("table", { name: "Firmware" }).getByRole("row", { name: "Current version" }),
      ).toContainText("6.10.0", { timeout: 1000 });
    }).toPass();
    await expect(
      page.getByRole("table", { name: "Firmware" }).getByRole("row", { name: "Update status" }),
    ).toContainText("Current");
  });

  test("checks for new firmware, and shows the no-connection message without internet", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/firmware");
    const metadata = region(page, "Available firmware");
    const lastCheck = await metadata.getByText("Last checked for new firmware:").textContent();
    await metadata.getByRole("button", { name: "Check for new firmware" }).click();
    await expectFlash(page, "The list of available firmware was updated.");
    await expect(metadata.getByText("Last checked for new firmware:")).not.toHaveText(lastCheck!);

    await simulator.faults({ noInternet: true });
    await metadata.getByRole("button", { name: "Check for new firmware" }).click();
    await expect(metadata.getByRole("alert")).toContainText("No connection");
    await expect(metadata.getByRole("alert")).toContainText(
      "Please check the Internet connection and the firewall settings.",
    );
  });

  test("shows the broken reboot of 6.0.3 and offers the update as the way out", async ({ page }) => {
    await visit(page, "/stations/MCS-0044/firmware");
    await expect(page.getByText("Stuck rebooting")).toBeVisible();
    await expect(page.getByText("Firmware 6.0.3 keeps reporting “Rebooting” after a reboot")).toBeVisible();
    await expect(page.getByRole("button", { name: "Start update" })).toBeEnabled();
  });
});

/** The PIN: six boxes with JavaScript, one numeric field without. */
async function enterPin(page: Page, pin: string, withJavaScript: boolean) {
  if (withJavaScript) {
    const first = page.getByRole("textbox", { name: "PIN digit 1 of 6" });
    await first.click();
    for (let box = 0; box < 6; box += 1)
      await page.keyboard.press("Delete").then(() => page.keyboard.press("ArrowRight"));
    await first.click();
    await page.keyboard.type(pin);
  } else {
    await page.getByRole("textbox", { name: "PIN" }).fill(pin);
  }
}

test.describe("channel details", () => {
  test("saves name, hidden and enabled after a confirmation that listeners must rejoin; an empty name is refused", async ({
    page,
  }) => {
    await visit(page, "/stations/MCS-0042/channels/1");
    const details = region(page, "Channel details");
    await details.getByLabel("Name").fill("");
    await details.getByRole("button", { name: "Save channel" }).click();
    await expect(details.getByLabel("Name")).toHaveAccessibleDescription(/Enter a name for the channel\./);

    await details.getByLabel("Name").fill("English");
    await details.getByLabel("Hidden").check();
    await details.getByLabel("Enabled").uncheck();
    await details.getByRole("button", { name: "Save channel" }).click();
    const confirm = dialog(page, "Save the changes?");
    await expect(confirm).toContainText("they must join the channel again");
    await confirm.getByRole("button", { name: "Save" }).click();
    await expectFlash(page, "The channel was saved.");
    await expect(page.getByRole("heading", { level: 1, name: "English" })).toBeVisible();
    await expect(details.getByLabel("Hidden")).toBeChecked();
    await expect(details.getByLabel("Enabled")).not.toBeChecked();
    const channel = (await stationFromApi("MCS-0042")).audioChannels[0]!;
    expect([channel.name, channel.isHidden, channel.isEnabled]).toEqual(["English", true, false]);
  });

  test("cancelling the confirmation keeps what was typed and saves nothing", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/channels/1");
    const details = region(page, "Channel details");
    await details.getByLabel("Name").fill("Not yet");
    await details.getByRole("button", { name: "Save channel" }).click();
    await dialog(page, "Save the changes?").getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(details.getByLabel("Name")).toHaveValue("Not yet");
    expect((await stationFromApi("MCS-0042")).audioChannels[0]!.name).toBe("Main Hall – English");
  });

  test("offers only valid audio inputs and saves the choice", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/channels/1");
    const input = region(page, "Channel details").getByLabel("Audio input (left / right)");
    await expect(input.getByRole("option")).toHaveText(["Input 1", "Input 2", "Input 3", "Input 4"]);
    await input.selectOption({ label: "Input 3" });
    await page.getByRole("button", { name: "Save channel" }).click();
    await dialog(page, "Save the changes?").getByRole("button", { name: "Save" }).click();
    await expectFlash(page, "The channel was saved.");
    await expect(input).toHaveValue("2");
  });

  test("the audience mic needs the output it is heard on", async ({ page }) => {
    await visit(page, "/stations/MCS-0043/channels/1");
    const details = region(page, "Channel details");
    await expect(details.getByLabel("Audience mic", { exact: true })).toBeChecked();
    await details.getByLabel("Audience mic output").selectOption({ label: "No output" });
    await details.getByRole("button", { name: "Save channel" }).click();
    await expect(details.getByLabel("Audience mic output")).toHaveAccessibleDescription(
      /Choose the output the audience mic is heard on\./,
    );
    await details.getByLabel("Audience mic output").selectOption({ label: "Output 2" });
    await details.getByRole("button", { name: "Save channel" }).click();
    await dialog(page, "Save the changes?").getByRole("button", { name: "Save" }).click();
    await expectFlash(page, "The channel was saved.");
    await expect(details.getByLabel("Audience mic output")).toHaveValue("1");
  });

  test("a new channel ID is confirmed and gives a new QR code", async ({ page }) => {
    const before = (await stationFromApi("MCS-0042")).audioChannels[0]!.channelId;
    await visit(page, "/stations/MCS-0042/channels/1");
    const qr = page.getByRole("img", { name: /QR code to join Main Hall – English/ });
    await expect(qr).toHaveAccessibleName(new RegExp(before));
    await page.getByRole("link", { name: "Change channel ID" }).click();
    const confirm = dialog(page, "Change the channel ID?");
    await expect(confirm).toContainText("must join the channel again");
    await confirm.getByRole("button", { name: "Change channel ID" }).click();
    // The click returns before the action has reached the Manager.
    await expect.poll(async () => (await stationFromApi("MCS-0042")).audioChannels[0]!.channelId).not.toBe(before);
    const after = (await stationFromApi("MCS-0042")).audioChannels[0]!.channelId;
    await expectFlash(page, `The channel has a new channel ID: ${after}.`);
    await expect(region(page, "Channel ID")).toContainText(after);
    await expect(qr).toHaveAccessibleName(new RegExp(after));
  });

  test("the PIN is exactly 6 digits or off", async ({ page }, testInfo) => {
    const withJavaScript = testInfo.project.name === "js";
    await visit(page, "/stations/MCS-0042/channels/1");
    const pinCard = region(page, "PIN");
    await expect(pinCard).toContainText("The channel has no PIN.");
    await pinCard.getByLabel("Protect the channel with a PIN").check();
    await enterPin(page, "12345", withJavaScript);
    await pinCard.getByRole("button", { name: "Save PIN" }).click();
    await expect(pinCard.getByText("The PIN must be exactly 6 digits.").first()).toBeVisible();

    await enterPin(page, "123456", withJavaScript);
    await pinCard.getByRole("button", { name: "Save PIN" }).click();
    await dialog(page, "Save the changes?").getByRole("button", { name: "Save" }).click();
    await expectFlash(page, "The PIN settings were saved.");
    await expect(pinCard).toContainText("Current PIN: 123456");

    await pinCard.getByLabel("Protect the channel with a PIN").uncheck();
    await pinCard.getByRole("button", { name: "Save PIN" }).click();
    await dialog(page, "Save the changes?").getByRole("button", { name: "Save" }).click();
    await expectFlash(page, "The PIN settings were saved.");
    await expect(pinCard).toContainText("The channel has no PIN.");
    expect((await stationFromApi("MCS-0042")).audioChannels[0]!.pinCode).toBeNull();
  });

  test("shows the QR code and downloads it as SVG and PNG", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/channels/2");
    const qr = page.getByRole("img", { name: /QR code to join Main Hall – Deutsch/ });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    for (const format of ["SVG", "PNG"]) {
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: `Download ${format}` }).click();
      expect((await download).suggestedFilename()).toBe(`MCS-0042-channel-2-qrcode.${format.toLowerCase()}`);
    }
  });

  test("the test tone plays after a warning, and stops", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/channels/1");
    await page.getByRole("link", { name: "Play test tone" }).click();
    const warning = dialog(page, "Play a test tone?");
    await expect(warning).toContainText("Everyone listening to this channel hears the tone.");
    await warning.getByRole("button", { name: "Play test tone" }).click();
    await expectFlash(page, "The test tone is playing.");
    await page.getByRole("button", { name: "Stop test tone" }).click();
    await expectFlash(page, "The test tone was stopped.");
  });

  test("keeps what the user typed when the Manager fails during the save", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/channels/1");
    const details = region(page, "Channel details");
    await details.getByLabel("Name").fill("Typed before the failure");
    await details.getByRole("button", { name: "Save channel" }).click();
    const confirm = dialog(page, "Save the changes?");
    await expect(confirm).toBeVisible();
    await settleLiveUpdates(page);
    await simulator.faults({ failNext5xx: 1, failWritesOnly: true });
    await confirm.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The channel details could not be saved. Please try again.").first()).toBeVisible();
    await expect(details.getByLabel("Name")).toHaveValue("Typed before the failure");
  });
});

test.describe("not found", () => {
  test("an unknown serial number shows station-not-found", async ({ page }) => {
    const response = await visit(page, "/stations/MCS-9999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Station not found" })).toBeVisible();
    await visit(page, "/stations/MCS-9999/network");
    await expect(page.getByRole("heading", { name: "Station not found" })).toBeVisible();
    await visit(page, "/stations/MCS-9999/channels/1");
    await expect(page.getByRole("heading", { name: "Station not found" })).toBeVisible();
  });

  test("an unknown channel index shows channel-not-found", async ({ page }) => {
    const response = await visit(page, "/stations/MCS-0042/channels/7");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Channel not found" })).toBeVisible();
    await visit(page, "/stations/MCS-0042/channels/first");
    await expect(page.getByRole("heading", { name: "Channel not found" })).toBeVisible();
  });
});

test.describe("signed out", () => {
  test.use({ role: "none" });

  for (const deepUrl of ["/stations/MCS-0042/network", "/stations/MCS-0042/channels/1"]) {
    test(`a visit to ${deepUrl} lands there after sign-in`, async ({ page }) => {
      await visit(page, deepUrl);
      await expect(page).toHaveURL(/\/login\?redirectTo=/);
      await signInOnPage(page, "admin");
      await expect(page).toHaveURL(deepUrl);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }
});

test.describe("as a moderator", () => {
  test.use({ role: "moderator" });

  test("station and channel details are forbidden", async ({ page }) => {
    for (const path of ["/stations/MCS-0042", "/stations/MCS-0042/firmware", "/stations/MCS-0042/channels/1"]) {
      const response = await visit(page, path);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "Forbidden" })).toBeVisible();
    }
  });
});
