// html-validate in a thread of its own (./markup.ts): a page's markup is checked while the test
// goes on with the browser, on the core the browser and the console leave free.
import { readFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { HtmlValidate } from "html-validate";

const validator = new HtmlValidate(
  JSON.parse(readFileSync(new URL("../../.htmlvalidate.json", import.meta.url), "utf8")),
);

parentPort.on("message", async ({ id, url, html }) => {
  const started = performance.now();
  try {
    const report = await validator.validateString(html, url);
    const problems = report.results.flatMap((result) =>
      result.messages.map(
        (message) => `${url} ${message.ruleId}: ${message.message} at ${message.selector ?? `line ${message.line}`}`,
      ),
    );
    parentPort.postMessage({ id, problems, ms: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.stack ?? error), ms: performance.now() - started });
  }
});
