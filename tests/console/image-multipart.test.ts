import { describe, expect, it } from "vitest";
import { FormRefusedError, readForm } from "~/images/multipart.server";

const limits = { maxFileBytes: 1000, maxFieldBytes: 200, maxTotalBytes: 5000 };

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

  it("leaves out a text field over its limit", async () => {
    const form = new FormData();
    form.set("logo", "x".repeat(300));
    form.set("intent", "save");
    const { formData } = await readForm(post(form), limits);
    expect(formData.has("logo")).toBe(false);
    expect(formData.get("intent")).toBe("save");
  });

  it("refuses a body over the total limit and a malformed one", async () => {
    const form = new FormData();
    for (let index = 0; index < 6; index += 1)
      form.set(`file${index}`, new File([new Uint8Array(990)], `f${index}.png`));
    await expect(readForm(post(form), limits)).rejects.toEqual(new FormRefusedError("tooLarge"));
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
});
