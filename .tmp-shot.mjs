import { chromium } from "@playwright/test";
const base = process.env.BASE ?? "http://127.0.0.1:3305";
const paths = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
const context = await browser.newContext({ viewport: { width: Number(process.env.W ?? 1280), height: Number(process.env.H ?? 900) }, javaScriptEnabled: process.env.NOJS ? false : true, locale: process.env.LOCALE ?? "en-US" });
const page = await context.newPage();
page.on("console", (m) => { if (m.type() === "error") console.log("console error:", m.text()); });
page.on("pageerror", (e) => console.log("page error:", e.message));
await page.goto(base + "/login");
await page.getByRole("button", { name: "Sign in" }).click();
await page.getByLabel("Username").fill(process.env.ROLE ?? "admin");
await page.getByLabel("Password").fill(process.env.ROLE ?? "admin");
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL((url) => !url.pathname.startsWith("/login") && !url.pathname.startsWith("/oidc"));
for (const [index, path] of paths.entries()) {
  const started = Date.now();
  const response = await page.goto(base + path);
  console.log(path, response?.status(), Date.now() - started, "ms");
  await page.screenshot({ path: `/tmp/shots/${index}.png`, fullPage: true });
  if (process.env.TEXT) console.log((await page.locator("main").innerText()).slice(0, Number(process.env.TEXT)));
}
await browser.close();
