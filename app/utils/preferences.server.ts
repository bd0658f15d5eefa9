// Personal preferences the server must know before it renders: the colour scheme and the
// language live in cookies (spec: local storage), so the first byte is already right and a
// browser without JavaScript gets the same behaviour.
import { createCookie } from "@remix-run/node";

export type ColorScheme = "light" | "dark";

const oneYear = 60 * 60 * 24 * 365;
export const colorSchemeCookie = createCookie("colorScheme", { path: "/", sameSite: "lax", maxAge: oneYear });

export async function getColorScheme(request: Request): Promise<ColorScheme> {
  const value = await colorSchemeCookie.parse(request.headers.get("Cookie"));
  return value === "dark" ? "dark" : "light";
}
