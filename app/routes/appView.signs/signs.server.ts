// What the print page shows: the signs of every channel listeners see in the app (in app order)
// or of one channel, each with its QR code address, the PIN only where asked for and allowed
// (else, for a channel that has one, that a PIN is needed and whom to ask),
// the join texts in the sign's language(s) and the app's branding (docs/decisions/061).
import { requireUser } from "~/auth/guard.server";
import type { AppCustomization } from "~/contract/app-customization";
import type { AppViewStation } from "~/contract/app-view";
import type { Channel } from "~/contract/channels";
import { defaultLogoDataUrl } from "~/components/default-logo";
import { inAppOrder } from "~/domain/channel-order";
import { can } from "~/domain/permissions";
import {
  isListedInApp,
  readSignOptions,
  sheetsOf,
  signColours,
  signLanguagesOf,
  type SignLanguage,
  type SignOptions,
} from "~/domain/signs";
import { errorPage } from "~/error-pages.server";
import { isLanguage } from "~/i18n/config";
import { i18next } from "~/i18n/i18next.server";
import { getAppCustomization } from "~/manager/app-customization.server";
import { getAppViewStations } from "~/manager/app-view.server";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";

/** The QR code as the Manager draws it (SVG), through the App view's QR code route; the channel ID keeps a new code from being cached as the old. */
function qrCodeSource(serialNumber: string, channel: Channel) {
  const query = new URLSearchParams({ format: "svg", channelId: channel.channelId });
  return `/appView/qrcode/${encodeURIComponent(serialNumber)}/${channel.index}?${query}`;
}

function signOf(channel: Channel, station: AppViewStation, printPins: boolean) {
  return {
    id: channel.id,
    name: channel.name,
    station: station.name || station.serialNumber,
    channelId: channel.channelId,
    /** The channel asks for a PIN: its sign says so, whether or not it prints the PIN. */
    pinNeeded: channel.pinCode !== null,
    pin: printPins ? channel.pinCode : null,
    qrCode: qrCodeSource(station.serialNumber, channel),
  };
}
export type Sign = ReturnType<typeof signOf>;

/** The texts a sign carries, in one language: looked up for the sign, not for the console's language. */
async function signTexts(language: SignLanguage) {
  const t = await i18next.getFixedT(language, "moderation");
  return {
    language,
    scan: t("signs.sign.scan"),
    station: t("signs.sign.station"),
    channelId: t("signs.sign.channelId"),
    pin: t("signs.sign.pin"),
    scanStep: t("signs.sign.scanStep"),
    channelIdStep: t("signs.sign.channelIdStep"),
    pinStep: t("signs.sign.pinStep"),
    pinAsk: t("signs.sign.pinAsk"),
    pinAskStep: t("signs.sign.pinAskStep"),
  };
}
export type SignTexts = Awaited<ReturnType<typeof signTexts>>;

/** The channels to print, with their stations: one, or every channel listeners see, in app order. */
function chosenChannels(stations: readonly AppViewStation[], only: SignOptions["only"]) {
  const entries = inAppOrder(
    stations.flatMap((station) => station.channels.map((channel) => ({ ...channel, station }))),
  );
  if (!only) return entries.filter(isListedInApp);
  const entry = entries.find(
    (candidate) => candidate.station.serialNumber === only.serialNumber && candidate.index === only.channelIndex,
  );
  if (!entry) throw errorPage("channelNotFound");
  return [entry];
}

function brandingOf(customization: AppCustomization | null) {
  const branding = customization?.isActive ? customization : null;
  return { logo: branding?.logo ?? defaultLogoDataUrl, ...signColours(branding) };
}

export async function loadSigns(request: Request) {
  // The App view's QR codes and branding are the administrators' (docs/decisions/061).
  const { user, manager } = await requireUser(request, "appView.preview");
  const locale = await i18next.getLocale(request);
  const options = readSignOptions(new URL(request.url).searchParams, isLanguage(locale) ? locale : "en");
  if (options === "invalidChannel") throw errorPage("channelNotFound");
  // A PIN is for those who see it on the channel's page today.
  const mayPrintPins = can(user, "stations.show");
  if (options.printPins && !mayPrintPins) throw errorPage("forbidden");
  const [[stations, customization], texts] = await Promise.all([
    loadOrThrow(request, () => Promise.all([getAppViewStations(manager), getAppCustomization(manager)])),
    Promise.all(signLanguagesOf(options.language).map(signTexts)),
  ]);
  const channels = chosenChannels(stations, options.only);
  const signs = channels.map((entry) => signOf(entry, entry.station, options.printPins));
  const single = options.only ? channels[0]! : null;
  const t = await i18next.getFixedT(locale, "moderation");
  return {
    title: single ? t("signs.headingOne", { name: single.name }) : t("signs.heading"),
    options,
    mayPrintPins,
    single: single
      ? {
          name: single.name,
          path: `/stations/${encodeURIComponent(single.station.serialNumber)}/channels/${single.index}`,
          isHidden: single.isHidden,
          isEnabled: single.isEnabled,
        }
      : null,
    count: signs.length,
    sheets: sheetsOf(signs, options.layout),
    texts,
    branding: brandingOf(customization),
  };
}
