// Bodies bounded by where they go (server/body-limits.ts): small url-encoded forms and no multipart
// before sign-in and on the routes anyone may post to; multipart only to the upload routes with a
// session cookie; url-encoded forms read and their fields counted before anything parses them.
import { connect } from "node:net";
import { createServer, type Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieName } from "~/auth/session-cookie";
import {
  boundedBodies,
  consoleBodyLimits,
  countFields,
  destinationOf,
  hasSessionCookie,
  sizeText,
} from "../../server/body-limits";

const limits = { openFormBytes: 2048, formBytes: 4096, formFields: 8, uploadBytes: 100 * 1024 };
const session = { cookie: `${sessionCookieName}=signed-id` };
/** With the "lng" cookie the pages set for German (base64 of a JSON string). */
const germanSession = { cookie: `lng=ImRlIg%3D%3D; ${sessionCookieName}=signed-id` };
const english = JSON.parse(
  await import("node:fs").then((fs) => fs.readFileSync("public/locales/en/common.json", "utf8")),
) as { server: Record<string, string> };
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

let server: Server;
let origin: string;
let port: number;
/** The length of every body the next handler was given. */
const handedOn: number[] = [];

beforeAll(async () => {
  const app = express();
  app.use(boundedBodies(limits));
  // What Remix would get: a body read here, or the stream of an upload.
  app.use((request, response) => {
    if (Buffer.isBuffer(request.body)) {
      handedOn.push(request.body.length);
      return void response.send(`read ${request.body.length}: ${request.body}`);
    }
    let bytes = 0;
    request.on("data", (chunk: Buffer) => (bytes += chunk.length));
    request.on("end", () => response.send(request.method === "GET" ? "page" : `streamed ${bytes}`));
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(() => server.close());

function urlEncoded(bytes: number, fields = 1) {
  const head = Array.from({ length: fields - 1 }, (_, index) => `f${index}=`).join("&");
  const prefix = fields > 1 ? `${head}&last=` : "last=";
  return prefix + "x".repeat(bytes - prefix.length);
}

function multipart(bytes: number) {
  const head = `--b\r\nContent-Disposition: form-data; name="logoFile"; filename="logo.png"\r\n\r\n`;
  const tail = "\r\n--b--\r\n";
  return head + "x".repeat(bytes - head.length - tail.length) + tail;
}

function post(
  path: string,
  body: string,
  headers: Record<string, string> = {},
  type = "application/x-www-form-urlencoded",
) {
  return fetch(`${origin}${path}`, { method: "POST", body, headers: { "content-type": type, ...headers } });
}

const postMultipart = (path: string, bytes: number, headers: Record<string, string> = {}) =>
  post(path, multipart(bytes), headers, "multipart/form-data; boundary=b");

describe("where a body goes", () => {
  it("tells the upload routes only as our pages write them", () => {
    for (const path of [
      "/appCustomization",
      "/appCustomization.data",
      "/appCustomization/image",
      "/x/../appCustomization",
      "/settings/restore",
      "/settings/restore.data",
    ])
      expect(destinationOf(path), path).toBe("upload");
    for (const path of [
      "/APPCUSTOMIZATION",
      "/appCustomization/",
      "/app%43ustomization",
      "/appCustomization%2Fimage",
      "/appCustomization?_data=root",
      "/appCustomization/image/x",
      "/stations",
      "/settings",
      "/settings/backup",
      "/SETTINGS/restore",
    ])
      expect(destinationOf(path), path).toBe("page");
  });

  it("tells the routes anyone may post to in every spelling Remix routes there", () => {
    for (const path of [
      "/login",
      "/LOGIN",
      "/login/",
      "/login.data",
      "/%6Cogin",
      "/logout?redirectTo=/x",
      "/preferences",
      "/a/../preferences",
    ])
      expect(destinationOf(path), path).toBe("open");
    expect(destinationOf("/loginx")).toBe("page");
  });

  it("knows a session cookie by its name and a value, nothing more", () => {
    expect(hasSessionCookie({ headers: { cookie: `a=1; ${sessionCookieName}=abc` } })).toBe(true);
    expect(hasSessionCookie({ headers: { cookie: `${sessionCookieName}=` } })).toBe(false);
    expect(hasSessionCookie({ headers: { cookie: `x${sessionCookieName}=abc` } })).toBe(false);
    expect(hasSessionCookie({ headers: {} })).toBe(false);
  });

  it("counts fields by their separators, and stops counting past the limit", () => {
    expect(countFields(Buffer.from("a=1"), 8)).toBe(1);
    expect(countFields(Buffer.from("a=1&b=2&c"), 8)).toBe(3);
    expect(countFields(Buffer.from("&".repeat(10_000)), 8)).toBe(9);
  });

  it("states limits as readers read them", () => {
    expect(sizeText(consoleBodyLimits.openFormBytes)).toBe("8 KB");
    expect(sizeText(consoleBodyLimits.formBytes)).toBe("16 KB");
    expect(sizeText(consoleBodyLimits.uploadBytes)).toBe("16 MB");
  });
});

describe("before sign-in, and on the routes anyone may post to", () => {
  it("takes a small url-encoded form and hands it on as read", async () => {
    for (const path of ["/login", "/logout", "/preferences", "/stations/MCS-0042/channels/1"]) {
      const response = await post(path, urlEncoded(limits.openFormBytes, limits.formFields));
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toMatch(new RegExp(`^read ${limits.openFormBytes}: f0=&`));
    }
  });

  it("refuses a larger one, or one with more fields, before reading it", async () => {
    const large = await post("/preferences", urlEncoded(limits.openFormBytes + 1));
    expect(large.status).toBe(413);
    expect(await large.text()).toBe(fill(english.server.tooLarge!, { size: "2 KB" }));
    const many = await post("/login", urlEncoded(100, limits.formFields + 1));
    expect(many.status).toBe(413);
    expect(await many.text()).toBe(fill(english.server.tooManyFields!, { count: limits.formFields }));
    // A page that needs a session says to sign in first (a form left open until its session ended).
    for (const body of [urlEncoded(limits.openFormBytes + 1), urlEncoded(100, limits.formFields + 1)]) {
      const page = await post("/settings", body);
      expect(page.status).toBe(413);
      expect(await page.text()).toBe(fill(english.server.signInFirst!, { size: "2 KB" }));
    }
  });

  it("keeps the small limits on /login, /logout and /preferences with a session cookie too", async () => {
    for (const path of ["/login", "/LOGOUT", "/preferences.data"]) {
      const response = await post(path, urlEncoded(limits.openFormBytes + 1), session);
      expect(response.status, path).toBe(413);
    }
  });

  it("takes no multipart body: 415, in the reader's language", async () => {
    for (const path of ["/login", "/logout", "/preferences"]) {
      for (const headers of [{}, session]) {
        const response = await postMultipart(path, 1000, headers);
        expect(response.status, path).toBe(415);
        expect(await response.text()).toBe(english.server.noUploads);
      }
    }
    for (const path of ["/stations/MCS-0042/channels/1", "/appCustomization", "/appCustomization/image"]) {
      const response = await postMultipart(path, 1000);
      expect(response.status, path).toBe(415);
      expect(await response.text()).toBe(fill(english.server.signInFirst!, { size: "2 KB" }));
    }
    const german = await postMultipart("/login", 1000, { "accept-language": "de" });
    expect(await german.text()).toMatch(/^Diese Adresse nimmt keine Dateien an/);
  });
});

describe("with a session cookie", () => {
  it("takes larger url-encoded forms, up to the field limit", async () => {
    const response = await post("/stations/MCS-0042/network", urlEncoded(limits.formBytes, limits.formFields), session);
    expect(await response.text()).toMatch(new RegExp(`^read ${limits.formBytes}: `));
    const large = await post("/stations/MCS-0042/network", urlEncoded(limits.formBytes + 1), germanSession);
    expect(large.status).toBe(413);
    // The reader's language from the "lng" cookie.
    expect(await large.text()).toBe("Die gesendeten Daten sind zu groß (mehr als 4 KB).");
    const many = await post("/stations/MCS-0042/network", urlEncoded(200, limits.formFields + 1), session);
    expect(many.status).toBe(413);
  });

  it("streams multipart bodies to the upload routes only", async () => {
    for (const path of ["/appCustomization", "/appCustomization.data", "/appCustomization/image"]) {
      const response = await postMultipart(path, limits.uploadBytes, session);
      expect(await response.text(), path).toBe(`streamed ${limits.uploadBytes}`);
    }
    const large = await postMultipart("/appCustomization", limits.uploadBytes + 1, session);
    expect(large.status).toBe(413);
    for (const path of [
      "/stations/MCS-0042/network",
      "/APPCUSTOMIZATION",
      "/appCustomization?_data=root",
      "/appCustomization/",
    ]) {
      const response = await postMultipart(path, 1000, session);
      expect(response.status, path).toBe(415);
    }
  });
});

describe("after a refusal", () => {
  it("keeps the connection when the rest of the body is small enough to drop, and closes it when not", async () => {
    const small = await postMultipart("/login", 1000);
    expect(small.status).toBe(415);
    expect(small.headers.get("connection")).toBe("keep-alive");
    const large = await postMultipart("/login", 65 * 1024);
    expect(large.status).toBe(415);
    expect(large.headers.get("connection")).toBe("close");
  });
});

describe("what is not an HTML form with a length", () => {
  it("refuses other types, compressed bodies and bodies of unknown length", async () => {
    expect((await post("/login", "{}", {}, "application/json")).status).toBe(415);
    const compressed = await post("/login", "a=1", { "content-encoding": "gzip" });
    expect(compressed.status).toBe(415);
    const streamed = await fetch(`${origin}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("a=1"));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(411);
  });

  it("never reads past the declared length, and refuses a body shorter than declared", async () => {
    // 20 bytes declared, 3,000 sent: the form is the 20; what follows is no request of HTTP's
    // (Node answers it 400 and closes, perhaps before the first answer is out).
    handedOn.length = 0;
    const longer = await rawRequest(`redirectTo=%2Fsettings${"&a=".repeat(1000)}`, 20);
    expect(longer).toMatch(/^HTTP\/1\.1 (200|400)/);
    expect(Math.max(0, ...handedOn)).toBeLessThanOrEqual(20);
    // 100 declared, 3 sent and the connection ended: nothing is handed on.
    handedOn.length = 0;
    expect(await rawRequest("a=1", 100)).not.toMatch(/^HTTP\/1\.1 200/);
    expect(handedOn).toEqual([]);
  });
});

/** A POST to /login whose Content-Length is `declared`, whatever the body; the answers as sent. */
function rawRequest(body: string, declared: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        `POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${declared}\r\n\r\n${body}`,
      );
      // Nothing more is coming: the server sees the body end here.
      socket.end();
    });
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (part: string) => (answer += part));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}
