// Issue 25, "Bodies bounded by where they go": no client without a session can hold the console.
// Five clients without a cookie post, in a loop, the largest bodies the console takes before
// sign-in and the bodies the issue found (16 MB multipart, 1 MB of `a=&a=&…`) to /login, /logout,
// /preferences and a deep page, while the test asks /healthz again and again. Before, each large
// body held /healthz for ~0.77 s (seconds for the url-encoded ones); now the large ones are refused
// from their declared length and the allowed ones parse in about a millisecond.
//
// What is asserted, and why (docs/decisions/007-security.md, "Bodies bounded by where they go"):
// the probes run on the test's thread and the load on its own, so neither delays the other's clock.
// But five clients in a loop keep a 2-core machine's console busy with the actions' own work
// (starting sign-ins above all), and a probe waits behind that and behind whatever else the machine
// runs: measured, the same requests with the smallest bodies give about the same 99th percentile
// as with the largest, 40–90 ms on a quiet machine and several hundred ms on a busy one. So
// /healthz cannot be held under a fixed 50 ms here whatever the bodies; what the bodies add can.
// The clients take turns, a second at a time, between the smallest bodies and the largest (so both
// see the machine alike), and the largest may add at most 50 ms to the p99 (at most 1 probe in 100
// slower) and 250 ms to the slowest probe, over twice the control's. The old code adds seconds.
import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { Agent, request } from "node:http";
import { expect, test } from "@playwright/test";
import { managerPaths } from "../app/contract/paths";
import { consoleBodyLimits } from "../server/body-limits";
import { pngImage } from "../tests/console/image-fixtures";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { consoleUrl } from "./support/ports";
import { simulator } from "./support/simulator";

const clients = 5;
/** Four rounds of a second with the smallest bodies, then a second with the largest. */
const rounds = 4;
const phaseMs = 1000;
const deepPage = "/stations/MCS-0042/channels/1";

/** The largest url-encoded form allowed before sign-in: every byte and every field, values that take longest to decode. */
function largestAllowedForm(): string {
  const { openFormBytes, formFields } = consoleBodyLimits;
  const fields = Array.from({ length: formFields }, (_, index) => `redirectTo${index}=`);
  const room = openFormBytes - fields.join("&").length;
  const perField = Math.floor(room / formFields);
  const body = fields.map(
    (name, index) => name + "+".repeat(index === formFields - 1 ? room - perField * (formFields - 1) : perField),
  );
  return body.join("&");
}

// Plain JavaScript for the load's own thread. The phases take turns, `rounds` times: in each, every
// client posts the phase's next body to the next path, from its own address (the sign-in rate
// limit counts per address; the e2e console trusts one proxy hop). Reports each phase as it
// begins, and in the end what came back.
const loadScript = `
const { workerData, parentPort } = require("node:worker_threads");
const http = require("node:http");
const { url, paths, phases, clients, phaseMs, rounds } = workerData;
const prepared = phases.map((bodies) =>
  bodies.map(({ label, type, text, repeat }) => ({ label, type, bytes: Buffer.from(text.repeat(repeat)) })));
const answers = {};
const count = (key) => (answers[key] = (answers[key] || 0) + 1);
function post(path, body, address) {
  return new Promise((resolve) => {
    const sent = http.request(new URL(path, url), {
      method: "POST",
      agent: false,
      headers: { "content-type": body.type, "content-length": body.bytes.length, "x-forwarded-for": address },
    }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode));
      response.on("error", () => resolve("reset"));
    });
    // A refused body is answered before it is sent: the console closes, the rest fails to write.
    sent.on("error", () => resolve("reset"));
    sent.end(body.bytes);
  });
}
(async () => {
  for (let round = 0; round < rounds; round += 1) {
    for (const [phase, bodies] of prepared.entries()) {
      parentPort.postMessage({ phase });
      const until = Date.now() + phaseMs;
      await Promise.all(Array.from({ length: clients }, async (_, client) => {
        for (let turn = client; Date.now() < until; turn += 1) {
          const body = bodies[turn % bodies.length];
          const path = paths[Math.floor(turn / bodies.length) % paths.length];
          count(body.label + " " + (await post(path, body, "198.51.100." + (client + 1))));
        }
      }));
    }
  }
  parentPort.postMessage({ answers });
})();
`;

interface LoadBody {
  label: string;
  type: string;
  /** Repeated `repeat` times on the load's thread (a 16 MB string is not copied across). */
  text: string;
  repeat: number;
}

/**
 * The clients post each phase's bodies in turn while /healthz is probed one probe after another, a
 * few ms apart (hundreds, without becoming load themselves); each probe counts for the phase it
 * began in. Taking turns, the phases see the machine alike, whatever else it runs meanwhile.
 */
async function probeUnderLoad(phases: LoadBody[][]) {
  const worker = new Worker(loadScript, {
    eval: true,
    workerData: {
      url: consoleUrl,
      paths: ["/login", "/logout", "/preferences", deepPage],
      phases,
      clients,
      phaseMs,
      rounds,
    },
  });
  let phase = -1;
  let answers: Record<string, number> | null = null;
  const finished = new Promise<void>((resolve, reject) => {
    worker.on("message", (message: { phase?: number; answers?: Record<string, number> }) => {
      if (message.phase !== undefined) phase = message.phase;
      if (message.answers) {
        answers = message.answers;
        resolve();
      }
    });
    worker.on("error", reject);
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  await probe(agent);
  const probes: number[][] = phases.map(() => []);
  while (!answers) {
    const during = phase;
    const took = await probe(agent);
    if (during >= 0) probes[during]!.push(took);
    await Promise.race([delay(2), finished]);
  }
  agent.destroy();
  await finished;
  return { phases: probes.map(stats), answers: answers as Record<string, number> };
}

/** GET /healthz over one kept-alive connection; milliseconds until the whole answer is in. */
function probe(agent: Agent): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(new URL("/healthz", consoleUrl), { agent }, (response) => {
      response.resume();
      response.on("end", () =>
        response.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`${response.statusCode}`)),
      );
    })
      .on("error", reject)
      .end();
  });
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function stats(probes: number[]) {
  const sorted = [...probes].sort((a, b) => a - b);
  // p99: the probe that 99% of them were at most (nearest rank).
  const p99 = sorted[Math.ceil(0.99 * sorted.length) - 1]!;
  const p50 = sorted[Math.ceil(0.5 * sorted.length) - 1]!;
  const max = sorted.at(-1)!;
  const text = `${sorted.length} probes, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms`;
  return { count: sorted.length, p99, max, text };
}

test("/healthz stays quick while clients without a session post the largest bodies they can", async () => {
  test.setTimeout(90_000);
  // The bodies, at the limits and far past them; the text is repeated on the load's thread.
  const allowed = largestAllowedForm();
  expect(allowed.length).toBe(consoleBodyLimits.openFormBytes);
  const boundary = "----issue-25";
  const multipartHead = `--${boundary}\r\nContent-Disposition: form-data; name="redirectTo"\r\n\r\n`;
  const multipartTail = `\r\n--${boundary}--\r\n`;
  const bodies = [
    { label: "largest allowed", type: "application/x-www-form-urlencoded", text: allowed, repeat: 1 },
    {
      label: "16 MB multipart",
      type: `multipart/form-data; boundary=${boundary}`,
      text: multipartHead + "a".repeat(16 * 1024 * 1024 - multipartHead.length - multipartTail.length) + multipartTail,
      repeat: 1,
    },
    {
      label: "1 MB url-encoded",
      type: "application/x-www-form-urlencoded",
      text: "a=&",
      repeat: (1024 * 1024) / 3 - 1,
    },
  ];

  // The control: the same clients and requests with the bodies at their smallest — the form, a
  // multipart body and a body the console refuses by its type: what the actions themselves (starting
  // a sign-in, reading sessions, redirecting) cost /healthz on this machine, bodies aside.
  const smallest = [
    { label: "smallest form", type: "application/x-www-form-urlencoded", text: "redirectTo=%2F", repeat: 1 },
    { label: "small multipart", type: bodies[1]!.type, text: `${multipartHead}/${multipartTail}`, repeat: 1 },
    { label: "small JSON", type: "application/json", text: "{}", repeat: 1 },
  ];
  const { phases, answers } = await probeUnderLoad([smallest, bodies]);
  const [control, loaded] = phases as [ReturnType<typeof stats>, ReturnType<typeof stats>];
  const summary = `healthz with the smallest bodies: ${control.text}; with the largest: ${loaded.text}; answers ${JSON.stringify(answers)}`;
  test.info().annotations.push({ type: "healthz under load", description: summary });
  console.log(summary);

  // The bodies add under 50 ms to the 99th percentile the same requests cause with the smallest
  // bodies, and under 250 ms to the slowest probe; each bound doubles the control first, for a
  // machine whose other work comes and goes.
  expect(loaded.p99, summary).toBeLessThan(2 * control.p99 + 50);
  expect(loaded.max, summary).toBeLessThan(2 * control.max + 250);
  // Enough probes for a 99th percentile to mean something.
  expect(loaded.count, summary).toBeGreaterThan(20);
  // Every client's allowed body was answered (the actions' redirects), the others refused
  // (413/415, or the connection closed while the rest was still being sent); never a 5xx.
  expect(
    Object.keys(answers).filter((key) => / 5\d\d$/.test(key)),
    summary,
  ).toEqual([]);
  expect(
    Object.keys(answers)
      .filter((key) => key.startsWith("largest allowed"))
      .sort(),
    summary,
  ).toEqual(["largest allowed 302"]);
  for (const label of ["16 MB multipart", "1 MB url-encoded"])
    for (const key of Object.keys(answers).filter((key) => key.startsWith(label)))
      expect(["413", "415", "reset"], summary).toContain(key.slice(label.length + 1));
});

const texts = JSON.parse(readFileSync(new URL("../public/locales/en/common.json", import.meta.url), "utf8")) as {
  server: Record<string, string>;
};
const adminTexts = JSON.parse(readFileSync(new URL("../public/locales/en/admin.json", import.meta.url), "utf8")) as {
  views: { appCustomization: { errors: Record<string, string> } };
};
const firstSentence = (text: string) => text.split(/[:(]/)[0]!;
const origin = new URL(consoleUrl).origin;

test.describe("bodies refused by where they go", () => {
  let admin: ConsoleSession;

  test.beforeAll(async () => {
    admin = await signInToConsole(consoleUrl, "admin");
  });

  test.afterAll(() => simulator.reset());

  const multipartForm = () => {
    const form = new FormData();
    form.set("redirectTo", "/settings");
    return form;
  };

  test("no multipart body on /login, /logout, /preferences or a page, signed in or not", async () => {
    for (const path of ["/login", "/logout", "/preferences", "/settings", "/stations/MCS-0042/network"]) {
      const anonymous = await fetch(new URL(path, consoleUrl), {
        method: "POST",
        body: multipartForm(),
        headers: { origin },
      });
      expect(anonymous.status, path).toBe(415);
      const expected = path.startsWith("/s") ? texts.server.signInFirst! : texts.server.noUploads!;
      expect(await anonymous.text(), path).toContain(firstSentence(expected));
      const signedIn = await admin.fetch(path, { method: "POST", body: multipartForm() });
      expect(signedIn.status, path).toBe(415);
      expect(await signedIn.text(), path).toContain(texts.server.noUploads);
    }
    // The session is untouched by any of it.
    expect((await admin.fetch("/")).headers.get("location")).toBe("/dashboard");
  });

  test("before sign-in a url-encoded form over the small limit is refused before it is read", async () => {
    const body = new URLSearchParams({ redirectTo: "/", padding: "x".repeat(consoleBodyLimits.openFormBytes) });
    const login = await fetch(new URL("/login", consoleUrl), { method: "POST", body, headers: { origin } });
    expect(login.status).toBe(413);
    expect(await login.text()).toContain("too large (more than 8 KB)");
    const page = await fetch(new URL("/settings", consoleUrl), { method: "POST", body, headers: { origin } });
    expect(page.status).toBe(413);
    expect(await page.text()).toContain(firstSentence(texts.server.signInFirst!));
    // The same form signed in, to a page, is within its limit: the page's own answer.
    const signedIn = await admin.fetch("/settings", { method: "POST", body });
    expect(signedIn.status).toBeLessThan(500);
    expect(signedIn.status).not.toBe(413);
  });

  test("an upload over the limits on its parts, fields or a field's size is refused, nothing saved", async () => {
    await simulator.reset();
    const stored = () =>
      simulator
        .api("admin", "GET", managerPaths.appCustomization())
        .catch((error: Error) => (/ answered 404:/.test(error.message) ? "none" : Promise.reject(error)));
    const before = await stored();
    const logo = new Blob([new Uint8Array(await pngImage(200, 100))], { type: "image/png" });
    const draft = (extra: (form: FormData) => void) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        intent: "save",
        isActive: "on",
        backgroundColor: "123456",
        highlightColor: "FFCC00",
        fontColor: "light",
        onboardingCount: "1",
        "onboardings[0].headline": "Welcome",
        "onboardings[0].text": "Pick a channel",
      }))
        form.set(name, value);
      form.set("logoFile", logo, "logo.png");
      extra(form);
      return form;
    };
    const refusals = [
      {
        what: "too many fields",
        form: draft((form) => Array.from({ length: 60 }, (_, index) => form.set(`extra${index}`, "x"))),
        message: "formUnreadable",
      },
      {
        what: "too many files",
        form: draft((form) =>
          Array.from({ length: 4 }, (_, index) => form.set(`onboardings[${index}].pictureFile`, logo, "p.png")),
        ),
        message: "formUnreadable",
      },
      {
        what: "a field over its size",
        form: draft((form) => form.set("onboardings[0].text", "x".repeat(4.5 * 1024 * 1024))),
        message: "formTooLarge",
      },
    ];
    for (const { what, form, message } of refusals) {
      const response = await admin.fetch("/appCustomization", { method: "POST", body: form });
      // The page's way: back to it, the reason shown, the form not saved.
      expect(response.status, what).toBe(302);
      const page = await (await admin.fetch(response.headers.get("location")!)).text();
      expect(page, what).toContain(adminTexts.views.appCustomization.errors[message]);
      expect(await stored(), what).toEqual(before);
    }

    // The image endpoint (with JavaScript): 400 for parts it does not take, 413 for a field too large.
    const twoFiles = new FormData();
    twoFiles.set("kind", "logo");
    twoFiles.set("file", logo, "a.png");
    twoFiles.set("other", logo, "b.png");
    expect((await admin.fetch("/appCustomization/image", { method: "POST", body: twoFiles })).status).toBe(400);
    const longKind = new FormData();
    longKind.set("kind", "x".repeat(100));
    longKind.set("file", logo, "a.png");
    const tooLarge = await admin.fetch("/appCustomization/image", { method: "POST", body: longKind });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: expect.any(String) });

    // And a legitimate upload still works.
    const one = new FormData();
    one.set("kind", "logo");
    one.set("file", logo, "logo.png");
    const uploaded = await admin.fetch("/appCustomization/image", { method: "POST", body: one });
    expect(uploaded.status).toBe(200);
    expect(((await uploaded.json()) as { dataUrl: string }).dataUrl).toMatch(/^data:image\/png;base64,/);
    const saved = await admin.fetch("/appCustomization", { method: "POST", body: draft(() => {}) });
    expect(saved.status).toBe(302);
    expect(await stored()).not.toEqual(before);
  });
});
