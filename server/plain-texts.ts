// Texts for the few answers express gives before Remix runs (sign-in throttling, refused
// cross-origin posts, bodies that are not forms or too large): from the same locale files as every page, under "server.", in the
// language the pages use — the "lng" cookie, else Accept-Language, else English.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Request } from "express";
import { fallbackLanguage, supportedLanguages, type Language } from "../app/i18n/config";
import { currentRequest } from "./observability/request-context";

type Texts = Record<string, string>;

function load(language: Language): Texts {
  const file = join(process.cwd(), "public", "locales", language, "common.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { server: Texts }).server;
}

const texts = new Map(supportedLanguages.map((language) => [language, load(language)] as const));

function isLanguage(value: unknown): value is Language {
  return (supportedLanguages as readonly unknown[]).includes(value);
}

/** The "lng" cookie as Remix writes it: base64 of a JSON string. */
function cookieLanguage(request: Request): Language | null {
  const raw = /(?:^|;\s*)lng=([^;]*)/.exec(request.get("cookie") ?? "")?.[1];
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(decodeURIComponent(raw), "base64").toString("utf8"));
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function languageOf(request: Request): Language {
  const accepted = request.acceptsLanguages(...supportedLanguages);
  return cookieLanguage(request) ?? (isLanguage(accepted) ? accepted : fallbackLanguage);
}

export type ServerTextKey =
  | "tooManySignInAttempts"
  | "crossOriginRefused"
  | "formsOnly"
  | "lengthRequired"
  | "tooLarge"
  | "wrongHost"
  | "storeUnavailable";

function fill(text: string, values: Record<string, string | number>) {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => String(values[name] ?? placeholder));
}

/**
 * The text under server.<key>, with {{name}} placeholders filled in, and the request's reference
 * to quote (every such answer is an error page).
 */
export function plainText(request: Request, key: ServerTextKey, values: Record<string, string | number> = {}): string {
  const language = texts.has(languageOf(request)) ? languageOf(request) : fallbackLanguage;
  const own = texts.get(language)!;
  const text = fill(own[key] ?? texts.get(fallbackLanguage)![key]!, values);
  const reference = currentRequest()?.requestId;
  return reference ? `${text} ${fill(own.reference ?? texts.get(fallbackLanguage)!.reference!, { reference })}` : text;
}
