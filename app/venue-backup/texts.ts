// How the preview and the result name a setting, a field and a value, in the reader's language.
import type { TFunction } from "i18next";
import type { FieldChange, NotRestorableReason, PlainValue } from "~/domain/restore-plan";
import type { BlockedReason } from "~/domain/station-state";

export function settingText(t: TFunction, kind: string, channelIndex?: number) {
  return t(`venueBackup.settings.${kind}`, { index: channelIndex ?? "" });
}

export function fieldText(t: TFunction, kind: string, field: string) {
  // The App view's order names each channel by its station and name: data, not a text of ours.
  if (kind === "channelOrder") return field;
  // A refusal of the setting as a whole (not an object, say) names no field.
  if (field === "") return t("venueBackup.fields.whole");
  const [part, name] = field.includes(".") ? field.split(".", 2) : [null, field];
  const label = t(`venueBackup.fields.${name}`, { defaultValue: name });
  if (!part) return label;
  // An onboarding screen of the customization: `onboardings[0].headline`.
  const screen = /^onboardings\[(\d+)\]$/.exec(part);
  const partLabel = screen
    ? t("venueBackup.fields.onboardingScreen", { number: Number(screen[1]) + 1 })
    : t(`venueBackup.fields.${part}`);
  return `${partLabel}: ${label}`;
}

export function valueText(t: TFunction, field: string, value: PlainValue) {
  if (value === null || value === "") return t("venueBackup.values.none");
  if (typeof value === "boolean") return t(value ? "venueBackup.values.yes" : "venueBackup.values.no");
  if (field === "useCaseMode") return t(`venueBackup.values.useCaseMode.${value}`);
  return String(value);
}

export function changeTexts(t: TFunction, kind: string, change: FieldChange) {
  const field = fieldText(t, kind, change.field);
  if (change.secret) return { field, old: t("venueBackup.values.secret"), new: t("venueBackup.values.changed") };
  return { field, old: valueText(t, change.field, change.old), new: valueText(t, change.field, change.new) };
}

/** Why a backup station is not restored: the restore's words for each reason and each blocked state. */
export function notRestorableText(
  t: TFunction,
  station: { reason?: NotRestorableReason | null; blockedBy?: BlockedReason | null },
) {
  if (station.reason === "blocked")
    return t(`venueBackup.restore.notRestorable.blocked.${station.blockedBy ?? "notConnected"}`);
  return t(`venueBackup.restore.notRestorable.${station.reason}`);
}
