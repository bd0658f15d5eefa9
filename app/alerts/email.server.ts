// Alert e-mail (issue 36): one message for every pending delivery of one e-mail destination, sent
// through the SMTP server of SMTP_URL with nodemailer, in the destination's language, with a plain
// text and an HTML part. The deliveries keep their webhook bodies (payload.ts): the message is
// written from them when it is sent, so a retry tells the same alerts in the same words.
//
// A retry of the same group carries the same Message-ID (a hash of its delivery ids) and lists the
// deliveries' idempotency keys in X-Console-Idempotency-Keys: a receiving system can drop what it
// has seen, as a webhook receiver drops an Idempotency-Key.
import { createHash } from "node:crypto";
import type { TFunction } from "i18next";
import { createTransport } from "nodemailer";
import { alertWhat, type AlertWhat } from "~/components/alerts/words";
import { consoleTimeZone } from "~/domain/time-zone";
import { i18next } from "~/i18n/i18next.server";
import type { DueDelivery, EmailLanguage } from "~/records/alerts";
import { getRuntime } from "~/runtime.server";
import { formatDateTimeWithSeconds } from "~/utils/dates";
import type { AlertEngineSettings } from "./engine.server";
import type { AlertBody, TestBody } from "./payload";
import { deliveryTimeoutMs, type AttemptResult } from "./webhook.server";

export const emailOffError = "e-mail is off: SMTP_URL is not set";
const noAddressError = "refused: no e-mail address";
const invalidSmtpUrlError = "refused: invalid SMTP URL";

/** Errors the same message would meet again on every retry: its deliveries fail at once. */
export const finalEmailErrors: ReadonlySet<string> = new Set([emailOffError, noAddressError, invalidSmtpUrlError]);

/** Mail clients cut long subjects anyway; a group of 50 alerts would make one of kilobytes. */
const subjectMostChars = 180;

// ---------------------------------------------------------------------------------------------
// What the message tells

/** One delivery as the message tells it, read from its stored body. */
type Item =
  | {
      kind: "alert";
      transition: "opened" | "resolved";
      what: AlertWhat;
      since: string;
      openedAt: string;
      resolvedAt: string | null;
    }
  | { kind: "test"; at: string }
  | { kind: "unreadable"; key: string };

/** The alert's part of an alert body; subject and subjectName only where the body carries them. */
type BodyAlert = AlertBody["alert"] & { subject?: string; subjectName?: string | null };

function itemOf(delivery: DueDelivery): Item {
  let body: AlertBody | TestBody;
  try {
    body = JSON.parse(delivery.body) as AlertBody | TestBody;
  } catch {
    // Bodies are the console's own JSON; one it cannot read still gets a line, not a lost message.
    return { kind: "unreadable", key: delivery.idempotencyKey };
  }
  if (body.type === "test") return { kind: "test", at: body.createdAt };
  if (body.type !== "alert.opened" && body.type !== "alert.resolved") {
    return { kind: "unreadable", key: delivery.idempotencyKey };
  }
  const alert: BodyAlert = body.alert;
  return {
    kind: "alert",
    transition: body.type === "alert.opened" ? "opened" : "resolved",
    what: {
      kind: alert.kind,
      serialNumber: alert.serialNumber,
      stationName: alert.stationName,
      subject: alert.subject ?? "",
      subjectName: alert.subjectName ?? null,
    },
    since: alert.since,
    openedAt: alert.openedAt,
    resolvedAt: alert.resolvedAt,
  };
}

export interface EmailTexts {
  /** Namespace "alerts": the sentence of each alert, the same as on the screens. */
  alerts: TFunction<"alerts">;
  /** Namespace "alert-email": the message's frame. */
  email: TFunction<"alert-email">;
}

export interface Composition {
  language: EmailLanguage;
  texts: EmailTexts;
  /** The console's /alerts page; null when the console does not know its public URL. */
  alertsUrl: string | null;
  /** The destination's name, in the footer. */
  destinationName: string;
  timeZone: string;
}

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

/** A line of the message: a title and the times under it. */
interface Line {
  title: string;
  details: string[];
}

function timeOf(iso: string, { language, timeZone }: Composition): string {
  // The zone is named: a reader elsewhere knows which clock the time is on.
  return `${formatDateTimeWithSeconds(iso, language, timeZone)} (${timeZone})`;
}

function lineOf(item: Item, composition: Composition): Line {
  const { alerts, email } = composition.texts;
  if (item.kind === "test") {
    return { title: email("item.test"), details: [email("times.sent", { time: timeOf(item.at, composition) })] };
  }
  if (item.kind === "unreadable") return { title: email("item.unknown", { key: item.key }), details: [] };
  const details = [
    email("times.since", { time: timeOf(item.since, composition) }),
    email("times.opened", { time: timeOf(item.openedAt, composition) }),
  ];
  if (item.resolvedAt) details.push(email("times.resolved", { time: timeOf(item.resolvedAt, composition) }));
  return { title: email(`item.${item.transition}`, { what: alertWhat(alerts, item.what) }), details };
}

function subjectItemOf(item: Item, { texts }: Composition): string {
  if (item.kind === "test") return texts.email("subjectItem.test");
  if (item.kind === "unreadable") return texts.email("item.unknown", { key: item.key });
  return texts.email(`subjectItem.${item.transition}`, { what: alertWhat(texts.alerts, item.what) });
}

function subjectOf(items: Item[], composition: Composition): string {
  const { email } = composition.texts;
  const parts = items.map((item) => subjectItemOf(item, composition));
  const subject =
    parts.length === 1
      ? email("subject.one", { item: parts[0] })
      : email("subject.several", { count: parts.length, list: parts.join("; ") });
  // One line: a station's name is the Manager's text, and a header ends at a line break.
  const line = subject.replace(/\s+/g, " ").trim();
  return line.length > subjectMostChars ? `${line.slice(0, subjectMostChars - 1).trimEnd()}…` : line;
}

function textOf(lines: Line[], composition: Composition): string {
  const { email } = composition.texts;
  const blocks = [
    email("heading"),
    ...lines.map((line) => [line.title, ...line.details].join("\n")),
    ...(composition.alertsUrl ? [email("link", { url: composition.alertsUrl })] : []),
    email("footer", { name: composition.destinationName }),
  ];
  return `${blocks.join("\n\n")}\n`;
}

const htmlEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Every text in the HTML part goes through here: station and destination names are others' words. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => htmlEntities[character]!);

function htmlLineOf(line: Line): string {
  const details = line.details.map((detail) => `<br><span style="color:#555">${escapeHtml(detail)}</span>`);
  return `<li style="margin:0 0 12px"><strong>${escapeHtml(line.title)}</strong>${details.join("")}</li>`;
}

function htmlOf(subject: string, lines: Line[], composition: Composition): string {
  const { email } = composition.texts;
  const link = composition.alertsUrl
    ? `<p><a href="${escapeHtml(composition.alertsUrl)}">${escapeHtml(email("linkLabel"))}</a></p>`
    : "";
  return [
    "<!DOCTYPE html>",
    `<html lang="${escapeHtml(composition.language)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.4">',
    `<h1 style="font-size:18px">${escapeHtml(email("heading"))}</h1>`,
    `<ul style="padding-left:20px">${lines.map(htmlLineOf).join("")}</ul>`,
    link,
    `<p style="color:#555;font-size:12px">${escapeHtml(email("footer", { name: composition.destinationName }))}</p>`,
    "</body></html>",
  ].join("\n");
}

/** The subject, text and HTML of one message telling `group`, in the order given. */
export function composeEmail(group: DueDelivery[], composition: Composition): ComposedEmail {
  const items = group.map(itemOf);
  const lines = items.map((item) => lineOf(item, composition));
  const subject = subjectOf(items, composition);
  return { subject, text: textOf(lines, composition), html: htmlOf(subject, lines, composition) };
}

// i18next's own instances per language, made once: the texts are fixed for the process.
const textsByLanguage = new Map<EmailLanguage, Promise<EmailTexts>>();

export function emailTexts(language: EmailLanguage): Promise<EmailTexts> {
  let texts = textsByLanguage.get(language);
  if (!texts) {
    texts = Promise.all([i18next.getFixedT(language, "alerts"), i18next.getFixedT(language, "alert-email")]).then(
      ([alerts, email]) => ({ alerts, email }),
    );
    // A failed load is tried again with the next message, not kept.
    texts.catch(() => textsByLanguage.delete(language));
    textsByLanguage.set(language, texts);
  }
  return texts;
}

// ---------------------------------------------------------------------------------------------
// Headers

/** The From's domain names the Message-ID's right side, as mail systems expect of a sender. */
function messageIdDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "station-console.invalid";
}

/** The same for every attempt of the same group: a retry is the same message, not a new one. */
export function messageIdOf(group: readonly DueDelivery[], from: string): string {
  const ids = group.map((delivery) => delivery.id).sort();
  const hash = createHash("sha256")
    .update(`${group[0]?.destinationId ?? ""}:${ids.join(",")}`)
    .digest("hex");
  return `<alerts.${hash.slice(0, 32)}@${messageIdDomain(from)}>`;
}

// ---------------------------------------------------------------------------------------------
// Sending

type SmtpTransport = ReturnType<typeof newTransport>;

function newTransport(url: string) {
  // The URL's own query (?socketTimeout=…) wins over these: the operator's choice.
  return createTransport({
    url,
    connectionTimeout: deliveryTimeoutMs,
    greetingTimeout: deliveryTimeoutMs,
    socketTimeout: deliveryTimeoutMs,
    dnsTimeout: deliveryTimeoutMs,
  });
}

/** One transport per SMTP URL; a new URL (a test's, a changed setting) replaces it. */
let current: { url: string; transport: SmtpTransport } | null = null;

function transportFor(url: string): SmtpTransport {
  if (current?.url === url) return current.transport;
  current?.transport.close();
  current = { url, transport: newTransport(url) };
  return current.transport;
}

interface SmtpError {
  code?: string;
  errno?: string | number;
  name?: string;
  message?: string;
  response?: string;
  responseCode?: number;
}

/** What an attempt that threw is recorded as: the server's reply code when it gave one. */
function failureOf(thrown: unknown, signal: AbortSignal): Pick<AttemptResult, "status" | "error"> {
  const error: SmtpError = thrown instanceof Error ? (thrown as SmtpError) : { message: String(thrown) };
  if (signal.aborted || error.code === "EABORT" || error.name === "AbortError")
    return { status: null, error: "stopped" };
  const code = error.responseCode;
  // A 2xx or 3xx in an error is a reply the client did not expect, never a delivery.
  if (typeof code === "number" && code >= 400) {
    return { status: code, error: `smtp: ${error.response ?? error.message ?? ""}`.slice(0, 200) };
  }
  switch (error.code) {
    case "ETIMEDOUT":
      return { status: null, error: "timeout" };
    case "EDNS":
      return { status: null, error: "unresolvable" };
    default:
      if (error.errno === "ECONNREFUSED" || /ECONNREFUSED/.test(error.message ?? "")) {
        return { status: null, error: "connection refused" };
      }
      return { status: null, error: `smtp: ${error.code ?? "error"}: ${error.message ?? ""}`.slice(0, 200) };
  }
}

/** The reply code that ended the message ("250 2.0.0 Ok: queued"); 250 when there is none. */
const statusOfResponse = (response: string | undefined) => Number(/^([2-5]\d\d)/.exec(response ?? "")?.[1] ?? 250);

/** The console's /alerts, when it knows the address browsers reach it at. */
function alertsUrlOf(consoleUrl: string | null | undefined): string | null {
  let base = consoleUrl;
  if (base === undefined) {
    try {
      base = getRuntime().config.publicUrl;
    } catch {
      // No runtime (a script or a test that gives none): no link.
      base = null;
    }
  }
  return base ? `${base.replace(/\/+$/, "")}/alerts` : null;
}

export interface SendEmailOptions {
  settings: AlertEngineSettings;
  /** Ends the attempt (the evaluator stopping): its result says "stopped". */
  signal: AbortSignal;
  /** The console's public URL (PUBLIC_URL); by default the runtime's. Null: no link. */
  consoleUrl?: string | null;
}

/** Sends one message telling every delivery of `group` (one e-mail destination's, oldest first). */
export async function sendEmailGroup(group: DueDelivery[], options: SendEmailOptions): Promise<AttemptResult> {
  const started = performance.now();
  const result = (outcome: Pick<AttemptResult, "status" | "error">): AttemptResult => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });
  const { settings, signal } = options;
  if (!settings.smtpUrl) return result({ status: null, error: emailOffError });
  const [first] = group;
  if (!first?.email) return result({ status: null, error: noAddressError });
  if (signal.aborted) return result({ status: null, error: "stopped" });
  let transport: SmtpTransport;
  try {
    transport = transportFor(settings.smtpUrl);
  } catch {
    return result({ status: null, error: invalidSmtpUrlError });
  }
  const language = first.language ?? "en";
  const mail = composeEmail(group, {
    language,
    texts: await emailTexts(language),
    alertsUrl: alertsUrlOf(options.consoleUrl),
    destinationName: first.destinationName,
    timeZone: consoleTimeZone(),
  });
  try {
    const info = await transport.sendMail({
      from: settings.emailFrom,
      to: first.email,
      ...mail,
      messageId: messageIdOf(group, settings.emailFrom),
      headers: {
        "X-Console-Idempotency-Keys": group.map((delivery) => delivery.idempotencyKey).join(", "),
        // RFC 3834: no vacation replies to a machine's message.
        "Auto-Submitted": "auto-generated",
      },
      signal,
    });
    return result({ status: statusOfResponse(info.response), error: null });
  } catch (error) {
    return result(failureOf(error, signal));
  }
}
