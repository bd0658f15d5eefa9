// The HTTP conventions every Manager call shares: problem+json errors, zod-validated bodies with
// field errors keyed by path, JSON answers, file answers with Content-Disposition.
import type { Response } from "express";
import type * as z from "zod";
import type { ProblemDetails } from "../../app/contract/problems";
import { ProblemError, problems, type FieldErrors } from "../problems";
import { textFieldErrors, type TextFields } from "./text-fields";

export function sendProblem(res: Response, problem: ProblemDetails, headers: Record<string, string> = {}) {
  res
    .status(problem.status)
    .set(headers)
    .set("Cache-Control", "no-store")
    .type("application/problem+json; charset=utf-8")
    .send(JSON.stringify(problem));
}

/** A field path as the console's forms name fields: dots for nesting; "body" for the body as a whole. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? "body" : path.map(String).join(".");
}

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) (errors[fieldPath(issue.path)] ??= []).push(issue.message);
  return errors;
}

/** The body as its schema reads it; `texts` names its text fields, which take only text (text-fields.ts). */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown, texts: TextFields = {}): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw problems.validation(fieldErrorsOf(result.error));
  const errors = textFieldErrors(result.data, texts);
  if (Object.keys(errors).length > 0) throw problems.validation(errors);
  return result.data;
}

/** What a handler answers besides a plain 200 JSON value. */
export class Reply {
  private constructor(
    readonly status: number,
    readonly body: unknown,
    readonly file: { contentType: string; fileName: string; content: Buffer | string } | null,
  ) {}

  static json(status: number, body: unknown) {
    return new Reply(status, body, null);
  }

  static noContent() {
    return new Reply(204, undefined, null);
  }

  static file(contentType: string, fileName: string, content: Buffer | string) {
    return new Reply(200, undefined, { contentType, fileName, content });
  }

  send(res: Response) {
    res.set("Cache-Control", "no-store");
    if (this.file) {
      res.status(this.status);
      // The file's name travels in Content-Disposition, unless a fault has the Manager name none
      // (faults.ts). attachment() guesses a type from the file name; the stated type wins.
      if (res.locals.filesWithoutName !== true) res.attachment(this.file.fileName);
      res.type(this.file.contentType).send(this.file.content);
    } else if (this.status === 204) {
      res.status(204).end();
    } else {
      res.status(this.status).json(this.body);
    }
  }
}

export function sendAnswer(res: Response, answer: unknown) {
  if (answer instanceof Reply) answer.send(res);
  else Reply.json(200, answer).send(res);
}

export function sendError(res: Response, error: unknown) {
  if (error instanceof ProblemError) {
    sendProblem(res, error.problem);
    return;
  }
  console.error("[simulator] unexpected failure", error);
  sendProblem(res, problems.serverError().problem);
}
