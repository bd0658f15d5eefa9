// Every redirectTo goes through one rule: a browser reading the result must stay on our origin,
// and the result must fit in a Location header, whatever the value was.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maximumReturnPathLength, safeReturnPath } from "~/utils/return-path";

const ours = "https://console.example";

/** Where a browser goes when it follows `Location: <path>` on one of our pages. */
function browserTarget(path: string) {
  return new URL(path, `${ours}/some/page?x=1`);
}

// [value, what survives]
const table: Array<[unknown, string]> = [
  ["/stations", "/stations"],
  ["/stations/MCS-0042?tab=network#audio", "/stations/MCS-0042?tab=network#audio"],
  ["/stations?search=a%20b&page=2", "/stations?search=a%20b&page=2"],
  // Another origin, however it is written.
  ["//evil.example", "/"],
  ["///evil.example", "/"],
  ["/\\evil.example", "/"],
  ["\\\\evil.example", "/"],
  ["/\t/evil.example", "/"],
  ["/\n/evil.example", "/"],
  ["/\r\n/evil.example", "/"],
  [" //evil.example", "/"],
  ["\u0000//evil.example", "/"],
  ["\u001f/\\evil.example", "/"],
  ["https://evil.example/", "/"],
  ["http:/evil.example", "/"],
  ["https:evil.example", "/"],
  ["javascript:alert(1)", "/"],
  ["JaVaScRiPt:alert(1)", "/"],
  ["data:text/html,<script>alert(1)</script>", "/"],
  ["evil.example", "/"],
  ["", "/"],
  // Dot segments that would leave a path starting with two slashes.
  ["/.//evil.example", "/"],
  ["/../..//evil.example", "/"],
  ["/%2e%2e//evil.example", "/"],
  ["/x/..//evil.example", "/"],
  // Encoded slashes stay encoded: a path on our origin (a not-found page).
  ["/%2f%2fevil.example", "/%2f%2fevil.example"],
  ["/%5c%5cevil.example", "/%5c%5cevil.example"],
  ["/@evil.example", "/@evil.example"],
  // Characters a header cannot carry are percent-encoded, not refused with a 500.
  ["/caf\u00e9", "/caf%C3%A9"],
  ["/\u20ac?q=\u20ac#\u20ac", "/%E2%82%AC?q=%E2%82%AC#%E2%82%AC"],
  ["/\u0000x", "/%00x"],
  ["/x\u007f", "/x%7F"],
  ["/a b", "/a%20b"],
  ["/\u2028x", "/%E2%80%A8x"],
  ["/\ud800", "/%EF%BF%BD"],
  // Not text at all (a file field, a missing field).
  [null, "/"],
  [undefined, "/"],
  [42, "/"],
  [["/stations"], "/"],
  // Too long to carry around.
  [`/${"a".repeat(maximumReturnPathLength)}`, "/"],
];

describe("the return-path rule", () => {
  it.each(table)("%j becomes %j", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it("gives the fallback asked for", () => {
    expect(safeReturnPath("//evil.example", "/settings")).toBe("/settings");
  });

  it("never leads a browser to another origin and always fits in a Location header", () => {
    const pieces = fc.constantFrom(
      "/",
      "//",
      "\\",
      "\t",
      "\n",
      "\r",
      " ",
      ".",
      "..",
      "%2e",
      "%2f",
      "%5c",
      ":",
      "@",
      "?",
      "#",
      "evil.example",
      "\u0000",
      "\u007f",
      "\u00e9",
      "\u20ac",
      "\ud83d\ude00",
      "javascript:",
      "https:",
    );
    const hostile = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary" }),
      fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(hostile, (value) => {
        const path = safeReturnPath(value);
        expect(path.startsWith("/")).toBe(true);
        expect(browserTarget(path).origin).toBe(ours);
        // What undici's Headers (and so Remix's redirect) accepts.
        expect(() => new Headers({ Location: path })).not.toThrow();
        expect(path).toMatch(/^[\u0021-\u007e]+$/);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps what it accepts unchanged when judged again", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (value) => {
        const once = safeReturnPath(value);
        expect(safeReturnPath(once)).toBe(once);
      }),
    );
  });
});
