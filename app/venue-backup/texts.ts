// How the preview and the result name a setting, a field and a value, in the reader's language.
import type { TFunction } from "i18next";
import type { FieldChange, PlainValue } from "~/domain/restore-plan";

export function settingText(t: TFunction, kind: string, channelIndex?: number) {
  return t(`venueBackup.settings.${kind}`, { index: channelIndex ?? "" });
}

export function fieldText(t: TFunction, kind: string, field: string) {
  // The App view's order names each channel by its station and name: data, not a text of ours.
  if (kind === "channelOrder") return field;
  const [part, name] = field.includes(".") ? field.split(".", 2) : [null, field];
  const label = t(`venueBackup.fields.${name}`, { defaultValue: name });
  return part ? `${t(`venueBackup.fields.${part}`)}: ${label}` : label;
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
