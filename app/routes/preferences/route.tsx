// Personal preferences as plain form posts (work without JavaScript): colour scheme and
// language are cookies; the browser returns to the page it came from.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/error-pages.server";
import { isLanguage } from "~/i18n/config";
import { languageCookie } from "~/i18n/i18next.server";
import { colorSchemeCookie } from "~/utils/preferences.server";
import { readFormData } from "~/utils/form-data.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  const headers = new Headers();
  const colorScheme = form.get("colorScheme");
  if (colorScheme === "light" || colorScheme === "dark") {
    headers.append("Set-Cookie", await colorSchemeCookie.serialize(colorScheme));
  }
  const language = form.get("language");
  if (isLanguage(language)) headers.append("Set-Cookie", await languageCookie.serialize(language));
  return redirect(redirectTo, { headers });
}

export async function loader() {
  return redirect("/");
}
