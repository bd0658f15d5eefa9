// The Network tab saves both interfaces with one button, and the Manager takes both at once:
// saving one interface must leave the other exactly as it was — every field, both directions,
// with JavaScript and without (a 1024×600 kiosk).
import type { Locator, Page } from "@playwright/test";
import { expect, simulator, test } from "./support/fixtures";
import { liveCaughtUp } from "./support/live";

test.use({ viewport: { width: 1024, height: 600 } });

const api = "/configuration/api/v1.0";
const fields = ["IP address", "Netmask", "Gateway", "DNS 1", "DNS 2", "DNS 3", "Search domains", "FQDN"] as const;

type Interfaces = Record<"controlNetworkInterface" | "streamingNetworkInterface", Record<string, unknown>>;

async function station() {
  return (await simulator.api("admin", "GET", `${api}/stations/MCS-0042`)) as {
    configuration: Interfaces;
    state: Interfaces;
  };
}

const control = (page: Page) => page.getByRole("region", { name: "Ctrl (Control interface)" });
const streaming = (page: Page) => page.getByRole("region", { name: "PoE/Stream (Streaming interface)" });

async function formValues(card: Locator) {
  const values: Record<string, string> = { mode: (await card.getByLabel("Static").isChecked()) ? "Static" : "Dynamic" };
  for (const field of fields) values[field] = await card.getByLabel(field, { exact: true }).inputValue();
  return values;
}

async function open(page: Page) {
  await page.goto("/stations/MCS-0042/network");
  if (test.info().project.name === "js") {
    await expect(page.locator("html")).toHaveAttribute("data-js", "on");
    await liveCaughtUp(page);
  }
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save network settings" }).click();
  await expect(page.getByText("The network settings were saved.").first()).toBeVisible();
}

test("the streaming interface's form shows the search domains and FQDN it uses", async ({ page }) => {
  await open(page);
  const live = (await station()).state.streamingNetworkInterface;
  expect(live.searchDomains).toEqual(["venue.local"]);
  await expect(streaming(page).getByLabel("Search domains")).toHaveValue("venue.local");
  await expect(streaming(page).getByLabel("FQDN")).toHaveValue(String(live.fqdn));
});

test("saving every field of the control interface leaves the streaming interface as it was", async ({ page }) => {
  await open(page);
  const before = await station();
  const shownBefore = await formValues(streaming(page));

  const values = {
    "IP address": "10.10.21.7",
    Netmask: "255.255.254.0",
    Gateway: "10.10.20.254",
    "DNS 1": "10.10.20.3",
    "DNS 2": "10.10.20.4",
    "DNS 3": "10.10.20.5",
    "Search domains": "hall.venue.local, av.venue.local",
    FQDN: "hall-control.venue.local",
  };
  for (const [field, value] of Object.entries(values))
    await control(page).getByLabel(field, { exact: true }).fill(value);
  await save(page);

  const after = await station();
  expect(after.configuration.controlNetworkInterface).toMatchObject({
    mode: "Static",
    ip: "10.10.21.7",
    netmask: "255.255.254.0",
    gateway: "10.10.20.254",
    dns1: "10.10.20.3",
    dns2: "10.10.20.4",
    dns3: "10.10.20.5",
    searchDomains: ["hall.venue.local", "av.venue.local"],
    fqdn: "hall-control.venue.local",
  });
  expect(after.configuration.streamingNetworkInterface).toEqual(before.configuration.streamingNetworkInterface);
  expect(after.state.streamingNetworkInterface).toEqual(before.state.streamingNetworkInterface);
  await open(page);
  expect(await formValues(streaming(page))).toEqual(shownBefore);
  await expect(streaming(page).getByRole("row", { name: "Search domains" })).toContainText("venue.local");
});

test("saving every field of the streaming interface leaves the control interface as it was", async ({ page }) => {
  await open(page);
  const before = await station();
  const shownBefore = await formValues(control(page));

  await streaming(page).getByLabel("Static").check();
  const values = {
    "IP address": "10.10.31.8",
    Netmask: "255.255.255.128",
    Gateway: "10.10.31.1",
    "DNS 1": "10.10.31.2",
    "DNS 2": "10.10.31.3",
    "DNS 3": "10.10.31.4",
    "Search domains": "stream.venue.local",
    FQDN: "hall-stream.venue.local",
  };
  for (const [field, value] of Object.entries(values))
    await streaming(page).getByLabel(field, { exact: true }).fill(value);
  await save(page);

  const after = await station();
  expect(after.configuration.streamingNetworkInterface).toMatchObject({
    mode: "Static",
    ip: "10.10.31.8",
    netmask: "255.255.255.128",
    gateway: "10.10.31.1",
    dns1: "10.10.31.2",
    dns2: "10.10.31.3",
    dns3: "10.10.31.4",
    searchDomains: ["stream.venue.local"],
    fqdn: "hall-stream.venue.local",
  });
  expect(after.configuration.controlNetworkInterface).toEqual(before.configuration.controlNetworkInterface);
  expect(after.state.controlNetworkInterface).toEqual(before.state.controlNetworkInterface);
  await open(page);
  expect(await formValues(control(page))).toEqual(shownBefore);
});

test("changing only the streaming interface's FQDN keeps its DHCP search domains", async ({ page }) => {
  await open(page);
  await streaming(page).getByLabel("FQDN").fill("hall-stream.venue.local");
  await save(page);
  const after = await station();
  expect(after.state.streamingNetworkInterface).toMatchObject({
    mode: "Dynamic",
    searchDomains: ["venue.local"],
    fqdn: "hall-stream.venue.local",
  });
  await expect(streaming(page).getByLabel("Search domains")).toHaveValue("venue.local");
});
