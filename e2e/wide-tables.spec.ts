// Wide tables on a small kiosk screen: without JavaScript (and with it) every table scrolls
// sideways inside the page at 800, 1024 and 1280 px, and no action, badge or value is clipped.
import { test } from "./support/fixtures";
import { expectTableWhollyReachable, expectWhollyShown } from "./support/layout";
import { recordPageCheck } from "./support/ledger";

test.use({ ledger: true });

const widths = [800, 1024, 1280];

const tables = [
  { path: "/stations", table: "Stations" },
  { path: "/apiTokens", table: "API tokens" },
  { path: "/moderation", table: "Channels to moderate" },
  { path: "/stations/MCS-0042", table: "Channels of this station" },
  { path: "/stations/MCS-0042/log", table: "Events of this station" },
];

for (const width of widths) {
  test.describe(`at ${width}×600`, () => {
    test.use({ viewport: { width, height: 600 } });

    for (const { path, table } of tables) {
      test(`every cell of the table on ${path} can be reached and read`, async ({ page }) => {
        await page.goto(path);
        await expectTableWhollyReachable(page.getByRole("table", { name: table, exact: true }));
        await recordPageCheck(page, `every cell of "${table}" reachable and unclipped at ${width}×600`);
      });
    }

    test("the stations list's Accept and Reject and every status badge are shown in full", async ({ page }) => {
      await page.goto("/stations");
      const stations = page.getByRole("table", { name: "Stations", exact: true });
      for (const action of await stations.getByRole("link", { name: /^(Accept|Reject) / }).all())
        await expectWhollyShown(action);
      for (const status of ["Running", "Not Running", "Unauthorized", "Update required", "Unsupported", "Unknown"]) {
        await expectWhollyShown(stations.getByText(status, { exact: true }).first());
      }
      await recordPageCheck(page, `Accept, Reject and every status badge in full at ${width}×600`);
    });

    test("the API tokens' Revoke, Delete and Expired are shown in full", async ({ page }) => {
      await page.goto("/apiTokens");
      const tokens = page.getByRole("table", { name: "API tokens", exact: true });
      for (const action of await tokens.getByRole("link", { name: /^(Revoke|Delete) / }).all())
        await expectWhollyShown(action);
      await expectWhollyShown(tokens.getByText("Expired", { exact: true }));
      await recordPageCheck(page, `Revoke, Delete and Expired in full at ${width}×600`);
    });
  });
}
