// The audit log in the venue's time zone (issue 38): a console whose zone's date is not UTC's
// right now names its zone in the table's heading, shows each time in it, takes a day of the date
// filter as that zone's day, and writes the CSV's times in ISO 8601 with the zone's offset.
import { expect, test } from "@playwright/test";
import { parseCsv } from "../app/domain/csv";
import { signInToConsole } from "../tests/support/console-session";
import { startOwnConsole, type OwnConsole } from "./support/own-console";

/** A zone whose date differs from UTC's at this hour: 14 hours ahead, or 11 behind. */
const zone = new Date().getUTCHours() >= 10 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
const dayIn = (timeZone: string, time = new Date()) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(time);

let own: OwnConsole;

test.beforeAll(async () => {
  own = await startOwnConsole({ TZ: zone, SIMULATOR_RESEED: "true" });
});

test.afterAll(async () => {
  await own?.stop();
});

test("the log's heading, times, day filter and CSV are the console's zone's", async () => {
  const before = new Date();
  const admin = await signInToConsole(own.url, "admin");
  const localDay = dayIn(zone);
  const utcDay = dayIn("UTC");
  expect(localDay, "the zone's date is not UTC's").not.toBe(utcDay);

  const page = async (query: string) => {
    const answer = await admin.fetch(`/auditLog?${query}`);
    expect(answer.status).toBe(200);
    // The page as shown: the texts for hydration (every message of the screen) are in scripts.
    return (await answer.text()).replace(/<script[\s\S]*?<\/script>/g, "");
  };
  const onItsDay = await page(`action=session.signIn&from=${localDay}&to=${localDay}`);
  expect(onItsDay).toContain(`Time (${zone})`);
  expect(onItsDay).not.toContain("No records match the filter.");
  const shown = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: zone }).format(before);
  expect(onItsDay).toContain(shown);
  // The same sign-in is not on the UTC day of the same moment: a day is the zone's.
  const onUtcDay = await page(`action=session.signIn&from=${utcDay}&to=${utcDay}`);
  expect(onUtcDay).toContain("No records match the filter.");

  const csv = await (await admin.fetch(`/auditLog/download?action=session.signIn&from=${localDay}`)).text();
  const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ""));
  expect(rows.length).toBeGreaterThan(0);
  const time = rows[0]![header!.indexOf("time")]!;
  const offset = zone === "Pacific/Kiritimati" ? "+14:00" : "-11:00";
  expect(time).toMatch(new RegExp(`^${localDay}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}${offset.replace("+", "\\+")}$`));
  const moment = new Date(time).getTime();
  expect(moment).toBeGreaterThanOrEqual(before.getTime() - 1000);
  expect(moment).toBeLessThanOrEqual(Date.now() + 1000);
});
