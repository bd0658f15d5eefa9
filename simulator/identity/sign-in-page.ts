import { demoAccounts } from "./accounts";
import { escapeHtml, renderPage } from "./html";

export const wrongCredentialsMessage = "The username or password is incorrect.";

/** After too many wrong passwords for one account (failed-sign-ins.ts). */
export function tooManyFailuresMessage(waitMs: number) {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many failed sign-ins for this account. Wait ${minutes === 1 ? "a minute" : `${minutes} minutes`} and try again.`;
}

export function renderSignInPage({
  action,
  username = "",
  error,
}: {
  action: string;
  username?: string;
  error?: string;
}) {
  const invalid = error ? ' aria-invalid="true" aria-describedby="sign-in-error"' : "";
  const demoList = demoAccounts
    .map((account) => `${escapeHtml(account.username)} / ${escapeHtml(account.password)}`)
    .join(", ");
  return renderPage({
    title: error ? "Error: Sign in – Station Console" : "Sign in – Station Console",
    body: `<h1>Sign in</h1>
<p class="hint">Development sign-in of the Station Console. Demo accounts: ${demoList}.</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
${error ? `<p class="error" id="sign-in-error" role="alert">${escapeHtml(error)}</p>` : ""}
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(username)}"${invalid}${error ? "" : " autofocus"}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${error ? " autofocus" : ""}>
<button type="submit">Sign in</button>
</form>`,
  });
}
