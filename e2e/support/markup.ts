// Valid markup on every page the suite visits: each HTML document a test receives is checked
// with html-validate (.htmlvalidate.json: the standard and accessibility rules; Mantine's own
// <style> tags in the body are allowed).
import { readFileSync } from "node:fs";
import { HtmlValidate } from "html-validate";
import { processCosts } from "./costs";

const validator = new HtmlValidate(
  JSON.parse(readFileSync(new URL("../../.htmlvalidate.json", import.meta.url), "utf8")),
);

/** Each problem as "<url> <rule>: <message> at <selector>". */
export async function markupProblems(url: string, html: string): Promise<string[]> {
  const started = performance.now();
  const report = await validator.validateString(html, url);
  processCosts.htmlValidateRuns += 1;
  processCosts.htmlValidateMs += performance.now() - started;
  return report.results.flatMap((result) =>
    result.messages.map(
      (message) => `${url} ${message.ruleId}: ${message.message} at ${message.selector ?? `line ${message.line}`}`,
    ),
  );
}
