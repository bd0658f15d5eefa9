// Every action reads its form through here: a body that is not a form the console can parse
// (a broken multipart boundary, a truncated upload) is the "bad request" page with a 400, not
// an unexpected error. server/body-limits.ts has already refused wrong types and sizes.
import { plainErrorPage } from "~/error-pages.server";

export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    // A Response, not errorPage(): resource routes (/logout, /preferences) have no error
    // boundary and answer a thrown Response as it is; page routes show the 400 page.
    throw await plainErrorPage(request, "badRequest");
  }
}
