// What issue 33 found in the restore (item 2, "preview is apply"), with JavaScript on and off: apply
// writes exactly what was ticked, a streaming-mode change says what it resets and ticks it; the
// file's values are checked by the forms' rules and each refusal is shown beside its setting in the
// reader's language; values come in as the Manager stores them, so after an apply the preview has
// nothing left to do; a station that cannot be written now is skipped with why; a file that holds
// what it says it does not is refused; the customization's images are checked as the upload form
// checks them.
import { deflateSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { managerPaths } from "../app/contract/paths";
import type { NetworkInterface } from "../app/contract/station-parts";
import { expect, simulator, test } from "./support/fixtures";
import { changes, downloadBackup, station, upload } from "./support/restore";

interface BackupFile {
  holdsSecrets: boolean;
  appCustomization: unknown;
  stations: Array<{
    serialNumber: string;
    name: string | null;
    noiseGate: { thresholdDb: number };
    network?: Record<"controlNetworkInterface" | "streamingNetworkInterface", Record<string, unknown>>;
    channels: Array<{ pinCode?: string | null }>;
  }>;
}

const mainHallOf = (file: BackupFile) => file.stations.find((entry) => entry.serialNumber === "MCS-0042")!;
const mainHall = (page: Page) => page.getByRole("region", { name: "Main Hall (MCS-0042)" });
const apply = (page: Page) => page.getByRole("button", { name: "Apply the chosen changes" }).click();

/** An interface's settings as UpdateNetworkSettings takes them back. */
function settingsOf(configured: NetworkInterface) {
  const { mode, ip, netmask, gateway, dns1, dns2, dns3, searchDomains, fqdn } = configured;
  return { mode, ip, netmask, gateway, dns1, dns2, dns3, searchDomains, fqdn };
}

async function changeControlDns2(serialNumber: string, dns2: string) {
  const { configuration } = await station(serialNumber);
  await simulator.api("admin", "PUT", managerPaths.updateNetworkSettings(serialNumber), {
    controlNetworkInterface: { ...settingsOf(configuration.controlNetworkInterface), dns2 },
    streamingNetworkInterface: settingsOf(configuration.streamingNetworkInterface),
  });
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const crcTable = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});
function pngChunk(type: string, data: Buffer) {
  const typed = Buffer.concat([Buffer.from(type), data]);
  let crc = 0xffffffff;
  for (const byte of typed) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const check = Buffer.alloc(4);
  check.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, typed, check]);
}
/** A PNG whose header says 20000 × 20000: 400 megapixels in 68 bytes, never decoded. */
function hugePng() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8;
  header[9] = 2;
  const parts = [
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(10))),
    pngChunk("IEND", Buffer.alloc(0)),
  ];
  return Buffer.concat([pngSignature, ...parts]);
}
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;

test("with only the streaming mode ticked, apply changes the streaming mode and nothing else; the preview says what the mode resets", async ({
  page,
}) => {
  const backup = await downloadBackup(page, { withPins: true, withNetwork: true });
  // Behind the console's back: the other streaming mode (one channel, no PIN), a new name, another DNS server.
  await simulator.api("admin", "PUT", managerPaths.updateAudioMode("MCS-0042"), { useCaseMode: 1 });
  await expect
    .poll(async () => {
      const now = await station("MCS-0042");
      return [now.state.audioMode.useCaseMode, now.deviceState.isChangingMode];
    })
    .toEqual([1, false]);
  await simulator.api("admin", "PUT", managerPaths.updateName("MCS-0042"), { name: "Renamed Hall" });
  await changeControlDns2("MCS-0042", "10.10.20.3");

  await upload(page, backup);
  const region = mainHall(page);
  await expect(region.getByTestId("mode-change")).toContainText(
    "The streaming mode changes first. That resets the station's audio input and every channel",
  );
  // What the mode resets is ticked, and says so where its value now would be.
  await expect(region.getByRole("checkbox", { name: "Audio input and latency" })).toBeChecked();
  await expect(region.getByRole("checkbox", { name: "Channel 2: PIN" })).toBeChecked();
  await expect(region.getByRole("row", { name: /Channel 2: PIN PIN reset by the new mode/ })).toBeVisible();
  for (const box of await region.getByRole("checkbox").all())
    if ((await box.getAttribute("value")) !== "MCS-0042/audioMode") await box.uncheck();
  await expect(region.getByRole("checkbox", { checked: true })).toHaveCount(1);

  await apply(page);
  await expect(page.getByRole("heading", { name: "Restore result" })).toBeVisible();
  const result = mainHall(page);
  await expect(result.getByRole("row", { name: "Streaming mode Done" })).toBeVisible();
  await expect(result.getByRole("row", { name: "Station name Skipped Not ticked." })).toBeVisible();
  await expect(result.getByRole("row", { name: "Network settings Skipped Not ticked." })).toBeVisible();
  await expect(page.getByTestId("restore-counts")).toContainText("1 done");
  const after = await station("MCS-0042");
  expect(after.state.audioMode.useCaseMode).toBe(0);
  expect(after.name).toBe("Renamed Hall");
  expect(after.configuration.controlNetworkInterface.dns2).toBe("10.10.20.3");
  expect(after.audioChannels.map((channel) => channel.pinCode)).not.toContain("482913");
});

test("backup, change the venue, preview, apply: the preview after has nothing left to do (values as the Manager stores them)", async ({
  page,
}) => {
  const file = JSON.parse(await downloadBackup(page, { withNetwork: true })) as BackupFile;
  const hall = mainHallOf(file);
  // A hand-edited file: spaces around the name, two search domains in one entry, an address on a DHCP interface.
  hall.name = "  Main Hall  ";
  hall.network!.controlNetworkInterface.searchDomains = ["venue.local,extra.example"];
  Object.assign(hall.network!.streamingNetworkInterface, { mode: "Dynamic", ip: "not-an-ip" });
  await simulator.api("admin", "PUT", managerPaths.updateName("MCS-0042"), { name: "Renamed Hall" });
  await simulator.api("admin", "PUT", managerPaths.stationConfiguration("MCS-0042"), {
    noiseGate: { thresholdDb: -30 },
  });

  await upload(page, JSON.stringify(file));
  await expect(changes(page)).toHaveCount(3);
  await expect(mainHall(page).getByRole("row", { name: "Station name Name Renamed Hall Main Hall" })).toBeVisible();
  await expect(
    mainHall(page).getByRole("row", { name: "Control: Search domains venue.local venue.local, extra.example" }),
  ).toBeVisible();
  await apply(page);
  await expect(page.getByTestId("restore-counts")).toContainText("3 done");

  await page.getByRole("link", { name: "Show what would still change" }).click();
  await expect(page.getByRole("heading", { name: "What would change" })).toBeVisible();
  await expect(changes(page)).toHaveCount(0);
  await expect(page.getByTestId("restore-summary")).toContainText("0 settings would change");
  const after = await station("MCS-0042");
  expect(after.name).toBe("Main Hall");
  expect(after.configuration.controlNetworkInterface.searchDomains).toEqual(["venue.local", "extra.example"]);
});

test("a value the forms refuse is shown refused beside its setting, in English and in German, and never written", async ({
  page,
}) => {
  const file = JSON.parse(await downloadBackup(page, { withNetwork: true })) as BackupFile;
  const hall = mainHallOf(file);
  hall.name = "Main\u200bHall";
  hall.noiseGate.thresholdDb = -120;
  hall.network!.controlNetworkInterface.ip = "999.1.1.1";
  await simulator.api("admin", "PUT", managerPaths.updateName("MCS-0042"), { name: "Renamed Hall" });

  await upload(page, JSON.stringify(file));
  const region = page.getByRole("region", { name: "Main\\u200bHall (MCS-0042)" });
  await expect(
    region.getByRole("row", {
      name: "Station name: refused, not restored Name Remove the invisible or control characters, such as a zero-width space or a text-direction mark.",
    }),
  ).toBeVisible();
  await expect(
    region.getByRole("row", { name: /^Noise gate: refused, not restored Threshold \(dB\) \S/ }),
  ).toBeVisible();
  await expect(
    region.getByRole("row", { name: /^Network settings: refused, not restored Control: IP address \S/ }),
  ).toBeVisible();
  await expect(region.getByRole("checkbox")).toHaveCount(0);

  // The same preview (it has an address) in German.
  const value = Buffer.from(JSON.stringify("de")).toString("base64");
  await page.context().addCookies([{ name: "lng", value, url: test.info().project.use.baseURL! }]);
  await page.reload();
  const german = page.getByRole("region", { name: "Main\\u200bHall (MCS-0042)" });
  await expect(
    german.getByRole("row", {
      name: /^Stationsname: abgelehnt, nicht wiederhergestellt Name Entfernen Sie die unsichtbaren/,
    }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Gewählte Änderungen übernehmen" }).click();
  await expect(page.getByRole("heading", { name: "Ergebnis der Wiederherstellung" })).toBeVisible();
  await expect(page.getByText("Der Wert in der Datei wird abgelehnt.").first()).toBeVisible();
  const after = await station("MCS-0042");
  expect(after.name).toBe("Renamed Hall");
  expect(after.configuration.controlNetworkInterface.ip).toBe("10.10.20.42");
});

test("a station stuck reporting Rebooting is shown as not restorable now, with why, and nothing is sent to it", async ({
  page,
}) => {
  const file = JSON.parse(await downloadBackup(page)) as BackupFile;
  file.stations.find((entry) => entry.serialNumber === "MCS-0044")!.name = "Chapel (restored)";
  await upload(page, JSON.stringify(file));
  const chapel = page.getByRole("region", { name: "Chapel (restored) (MCS-0044)" });
  await expect(chapel.getByTestId("not-restorable")).toHaveText(
    "Not restorable now: the station is stuck reporting “Rebooting” (a fault of firmware 6.0.3); every change to it would be refused. A firmware update brings it back.",
  );
  await expect(chapel.getByRole("checkbox")).toHaveCount(0);
  await apply(page);
  await expect(page.getByRole("heading", { name: "Restore result" })).toBeVisible();
  await expect(page.getByTestId("restore-counts")).toContainText("0 failed");
  await expect(
    page.getByRole("region", { name: "Chapel (restored) (MCS-0044)" }).getByText("Skipped Not restorable now"),
  ).toBeVisible();
  expect((await station("MCS-0044")).name).toBe("Chapel");
});

test("a file that holds PINs but says it holds none is refused beside the field, and no PIN is written", async ({
  page,
}) => {
  const file = JSON.parse(await downloadBackup(page, { withPins: true })) as BackupFile;
  file.holdsSecrets = false;
  mainHallOf(file).channels[1]!.pinCode = "111111";
  await upload(page, JSON.stringify(file));
  await expect(page.getByLabel("Backup file")).toHaveAccessibleDescription(
    /The file says it holds no channel PINs, but it holds some\./,
  );
  expect((await station("MCS-0042")).audioChannels[1]!.pinCode).toBe("482913");
});

test("the customization's images are checked as the upload form checks them: an unreadable PNG and a 20000 × 20000 one are refused", async ({
  page,
}) => {
  const file = JSON.parse(await downloadBackup(page)) as BackupFile;
  file.appCustomization = {
    isActive: true,
    logo: dataUrl(Buffer.concat([pngSignature, Buffer.from("not really a picture")])),
    backgroundColor: "003746",
    highlightColor: "0096D6",
    fontColor: "light",
    onboardings: [
      { sortId: 1, headline: "Welcome", text: "Pick a channel to listen to.", picture: dataUrl(hugePng()) },
    ],
  };
  await upload(page, JSON.stringify(file));
  const venue = page.getByRole("region", { name: "Venue settings" });
  await expect(
    venue.getByRole("row", {
      name: "App customization: refused, not restored Logo The image could not be read. Please choose another file.",
    }),
  ).toBeVisible();
  await expect(
    venue.getByRole("row", {
      name: "Onboarding screen 1: Picture The image has too many pixels (more than 40 megapixels). Please choose a smaller image.",
    }),
  ).toBeVisible();
  await apply(page);
  await expect(page.getByRole("heading", { name: "Restore result" })).toBeVisible();
  expect(await simulator.api("admin", "GET", managerPaths.appCustomization())).toBeNull();
});

test("a preview of many stations goes page by page, and a box unticked on one page stays unticked on the others and at apply", async ({
  page,
}) => {
  await simulator.seed(60);
  const file = JSON.parse(await downloadBackup(page)) as BackupFile;
  for (const entry of file.stations) entry.name = `Restored ${entry.serialNumber}`;
  await upload(page, JSON.stringify(file));
  const pages = page.getByRole("navigation", { name: "Pages of the stations to restore" });
  await expect(pages).toContainText("Page 1 of");
  const names = page.getByRole("checkbox", { name: "Station name" });
  const [unticked, kept] = await Promise.all(
    [0, 1].map(async (at) => (await names.nth(at).getAttribute("value"))!.split("/")[0]!),
  );
  await names.first().uncheck();

  await pages.getByRole("button", { name: "Next" }).click();
  await expect(pages).toContainText("Page 2 of");
  await expect(page).toHaveURL(/[?&]page=2/);
  await pages.getByRole("button", { name: "Previous" }).click();
  await expect(pages).toContainText("Page 1 of");
  await expect(page.locator(`input[type=checkbox][value="${unticked}/name"]`)).not.toBeChecked();
  await expect(page.locator(`input[type=checkbox][value="${kept}/name"]`)).toBeChecked();

  await apply(page);
  await expect(page.getByRole("heading", { name: "Restore result" })).toBeVisible();
  expect((await station(unticked!)).name).not.toBe(`Restored ${unticked}`);
  expect((await station(kept!)).name).toBe(`Restored ${kept}`);
});
