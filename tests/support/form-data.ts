// Form posts as a browser sends them, for testing the forms' schemas with conform's own parser.
export function formData(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

/** The field errors a submission would show (conform's reply). */
export function fieldErrors(submission: { reply(): { error?: Record<string, string[] | null> | null } }) {
  return submission.reply().error ?? {};
}
