import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { FormRefusedError, readForm } from "~/images/multipart.server";

const limits = { maxFileBytes: 1000, maxFieldBytes: 200, maxTotalBytes: 5000, maxFields: 4, maxFiles: 2 };

function post(body: FormData | string, contentType?: string) {
  return new Request("http://console.test/appCustomization", {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : undefined,
  });
}

describe("reading a form with uploads", () => {
  it("keeps text fields and files apart, as bytes", async () => {
    const form = new FormData();
    form.set("intent", "save");
    form.set("logoFile", new File([new Uint8Array([1, 2, 3])], "logo.png", { type: "image/png" }));
    form.set("onboardings[0].pictureFile", new File([], ""));
    const { formData, uploads } = await readForm(post(form), limits);
    expect(formData.get("intent")).toBe("save");
    expect(formData.has("logoFile")).toBe(false);
    expect([...uploads.keys()]).toEqual(["logoFile"]);
    expect(uploads.get("logoFile")).toMatchObject({ filename: "logo.png", size: 3, bytes: new Uint8Array([1, 2, 3]) });
  });

  it("reports a file over its limit as too large and still reads the rest", async () => {
    const form = new FormData();
    form.set("logoFile", new File([new Uint8Array(1500)], "big.png"));
    form.set("headline", "kept");
    const { formData, uploads } = await readForm(post(form), limits);
    expect(uploads.get("logoFile")).toMatchObject({ bytes: null, size: 1500 });
    expect(formData.get("headline")).toBe("kept");
  });

  it("refuses a form with a text field over its limit: no page sends one, and saving without it would lose an image", async () => {
    const form = new FormData();
    form.set("intent", "save");
    form.set("logo", "x".repeat(300));
    await expect(readForm(post(form), limits)).rejects.toEqual(new FormRefusedError("tooLarge"));
  });

  it("refuses a form with more text fields or files than its limits", async () => {
    const fields = new FormData();
    for (let index = 0; index < 5; index += 1) fields.set(`field${index}`, "x");
    await expect(readForm(post(fields), limits)).rejects.toEqual(new FormRefusedError("tooManyParts"));
    const files = new FormData();
    for (let index = 0; index < 3; index += 1)
      files.set(`file${index}`, new File([new Uint8Array(1)], `f${index}.png`));
    await expect(readForm(post(files), limits)).rejects.toEqual(new FormRefusedError("tooManyParts"));
    // Empty file inputs count too: a browser sends a part with an empty file name for each.
    const empty = [0, 1, 2]
      .map((index) => `--b\r\nContent-Disposition: form-data; name="file${index}"; filename=""\r\n\r\n\r\n`)
      .join("");
    await expect(readForm(post(`${empty}--b--\r\n`, "multipart/form-data; boundary=b"), limits)).rejects.toEqual(
      new FormRefusedError("tooManyParts"),
    );
  });

  it("keeps a form at its limits", async () => {
    const form = new FormData();
    for (let index = 0; index < 4; index += 1) form.set(`field${index}`, "x".repeat(200));
    for (let index = 0; index < 2; index += 1)
      form.set(`file${index}`, new File([new Uint8Array(1000)], `f${index}.png`));
    const { formData, uploads } = await readForm(post(form), { ...limits, maxTotalBytes: 10_000 });
    expect([...formData.keys()]).toHaveLength(4);
    expect([...uploads.values()].map((upload) => upload.size)).toEqual([1000, 1000]);
  });

  it("refuses a body over the total limit and a malformed one", async () => {
    const form = new FormData();
    for (let index = 0; index < 2; index += 1)
      form.set(`file${index}`, new File([new Uint8Array(990)], `f${index}.png`));
    form.set("padding", "x".repeat(200));
    await expect(readForm(post(form), { ...limits, maxTotalBytes: 2000 })).rejects.toEqual(
      new FormRefusedError("tooLarge"),
    );
    // Headers that never end are counted against the total too, though no part ever begins.
    const endless = `--nope\r\nContent-Disposition: form-data; name="intent"\r\nX: ${"y".repeat(6000)}`;
    await expect(readForm(post(endless, "multipart/form-data; boundary=nope"), limits)).rejects.toEqual(
      new FormRefusedError("tooLarge"),
    );
    await expect(readForm(post("--nope\r\ngarbage", "multipart/form-data; boundary=nope"), limits)).rejects.toEqual(
      new FormRefusedError("malformed"),
    );
    // No delimiter at all: the parser would read an empty form.
    await expect(readForm(post("not multipart at all", "multipart/form-data; boundary=nope"), limits)).rejects.toEqual(
      new FormRefusedError("malformed"),
    );
  });

  it("reads an ordinary url-encoded form too", async () => {
    const { formData, uploads } = await readForm(post("intent=reset", "application/x-www-form-urlencoded"), limits);
    expect(formData.get("intent")).toBe("reset");
    expect(uploads.size).toBe(0);
  });

  it("reads the rest of a refused form, so its connection can carry the next request", async () => {
    // A request body as express hands it on: a Node stream, written as a client sends it.
    const socket = new PassThrough();
    const request = new Request("http://console.test/appCustomization", {
      method: "POST",
      body: createReadableStreamFromReadable(socket),
      duplex: "half",
      headers: { "Content-Type": "multipart/form-data; boundary=b" },
    } as RequestInit);
    const sent = (async () => {
      socket.write('--b\r\nContent-Disposition: form-data; name="logo"\r\n\r\n');
      for (let chunk = 0; chunk < 1024; chunk += 1)
        if (!socket.write(Buffer.alloc(4096, "x"))) await new Promise((resolve) => socket.once("drain", resolve));
      socket.end("\r\n--b--\r\n");
    })();
    await expect(readForm(request, limits)).rejects.toEqual(new FormRefusedError("tooLarge"));
    await sent;
    await new Promise((resolve) => (socket.readableEnded ? resolve(null) : socket.once("end", resolve)));
    expect(socket.readableEnded).toBe(true);
  });
});
