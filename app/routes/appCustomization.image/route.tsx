// POST /appCustomization/image: with JavaScript the customization page sends each chosen image
// here at once; the answer is the processed image as a data: URL, or the field's message.
// Same checks as the page's own action (bytes, real format, pixels, dimensions).
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guard.server";
import { plainErrorPages } from "~/error-pages.server";
import { processUpload } from "~/images/customization-images.server";
import { imageProblemMessage, type ImageKind } from "~/images/image-problems";
import { FormRefusedError, readForm, type FormLimits } from "~/images/multipart.server";
import { imageLimits } from "~/images/customization-images.server";

// One file and its kind.
const oneImage: FormLimits = {
  maxFileBytes: imageLimits.maxUploadBytes,
  maxFieldBytes: 64,
  maxTotalBytes: imageLimits.maxUploadBytes + 64 * 1024,
  maxFields: 4,
  maxFiles: 1,
};

function answer(body: { dataUrl: string } | { error: string }, status = 200) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export function action({ request }: ActionFunctionArgs) {
  return plainErrorPages(request, async () => {
    await requireUser(request, "appCustomization.edit");
    let form;
    try {
      form = await readForm(request, oneImage);
    } catch (error) {
      if (!(error instanceof FormRefusedError)) throw error;
      return error.reason === "tooLarge"
        ? answer({ error: imageProblemMessage("logo", "fileTooLarge") }, 413)
        : answer({ error: imageProblemMessage("logo", "unreadable") }, 400);
    }
    const kind: ImageKind = form.formData.get("kind") === "picture" ? "picture" : "logo";
    const upload = form.uploads.get("file");
    if (!upload) return answer({ error: imageProblemMessage(kind, "unreadable") }, 400);
    if (!upload.bytes) return answer({ error: imageProblemMessage(kind, "fileTooLarge") }, 413);
    const result = await processUpload(kind, upload.bytes);
    return result.ok
      ? answer({ dataUrl: result.dataUrl })
      : answer({ error: imageProblemMessage(kind, result.problem) }, 422);
  });
}

export function loader() {
  throw new Response("Not Found", { status: 404 });
}
