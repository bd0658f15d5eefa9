import { chromium } from "@playwright/test";
const base = process.env.BASE;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox"] });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: !process.env.NOJS });
const page = await context.newPage();
await page.goto(base + "/login");
await page.getByRole("button", { name: "Sign in" }).click();
await page.getByLabel("Username").fill("admin");
await page.getByLabel("Password").fill("admin");
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL((url) => !url.pathname.startsWith("/login") && !url.pathname.startsWith("/oidc"));
for (const path of process.argv.slice(2)) {
  await page.goto(base + path);
  const wide = await page.evaluate(() => [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > 391).map((e) => `${e.tagName}.${e.className?.baseVal ?? e.className} ${Math.round(e.getBoundingClientRect().right)} ${(e.textContent||"").slice(0,30)}`).slice(0, 15));
  console.log(path, wide);
  await page.screenshot({ path: "/tmp/shots/phone.png", fullPage: true });
}
await browser.close();
