// The audit log in words (issue 38): each recorded action as a short sentence in the reader's
// language, grouped for the Action filter, and each changed field by its name on the screens.
// The record keeps the identifier (`station.rename`): the CSV and a secondary line show it, and an
// action the words do not know (a record older than them) is shown by it.
// Every action the console can record has words: tests/console/audit-action-words.test.ts
// derives them from the screens' intent tables and the recording calls.
import type { TFunction } from "i18next";
import { showHiddenCharacters } from "~/domain/text-fields";
import type { AuditChange, AuditValue } from "~/records/audit-log";

/** The Action filter's groups, in the order it lists them. */
export const auditActionGroups = [
  "stations",
  "channels",
  "moderation",
  "settings",
  "signIn",
  "fleet",
  "restore",
  "listening",
  "alerts",
  "other",
] as const;
export type AuditActionGroup = (typeof auditActionGroups)[number];

/**
 * Actions recorded under the screen's name when a refusal comes before the handler renames them
 * (no permission for one bulk action, say): they read as the action they were for.
 */
const sameWordsAs: Readonly<Record<string, string>> = {
  "console.bulkReboot": "bulk.reboot",
  "console.bulkAccept": "bulk.accept",
  "console.bulkReject": "bulk.reject",
  "console.bulkRemove": "bulk.remove",
  "console.bulkUpdateFirmware": "bulk.updateFirmware",
  "console.startRollout": "rollout.start",
  "console.pauseRollout": "rollout.pause",
  "console.resumeRollout": "rollout.resume",
  "console.cancelRollout": "rollout.cancel",
};

/** The group of the part before the dot: what the write was on. */
const groupOfTarget: Readonly<Record<string, AuditActionGroup>> = {
  station: "stations",
  channel: "channels",
  token: "settings",
  settings: "settings",
  customization: "settings",
  session: "signIn",
  bulk: "fleet",
  rollout: "fleet",
  restore: "restore",
  listeningEvent: "listening",
  alert: "alerts",
  alertRule: "alerts",
  alertDestination: "alerts",
};

/** Where the target alone does not say it: the screens without one of their own, and moderation's channel writes. */
const groupOfAction: Readonly<Record<string, AuditActionGroup>> = {
  "console.accept": "stations",
  "console.reject": "stations",
  "console.clearRejected": "stations",
  "console.dismissEvent": "stations",
  "console.dismissAllEvents": "stations",
  "console.unknown": "stations",
  "console.choose": "fleet",
  "console.chooseAll": "fleet",
  "console.clearChoice": "fleet",
  "console.moveChannel": "channels",
  "console.setAudienceMicMuted": "moderation",
  "channel.nextSpeaker": "moderation",
  "channel.muteSpeaker": "moderation",
  "channel.clearSpeakers": "moderation",
  "channel.saveSettings": "moderation",
  "settings.downloadBackup": "restore",
  "settings.applyRestore": "restore",
};

const wordsOf = (action: string) => sameWordsAs[action] ?? action;

export function auditActionGroup(action: string): AuditActionGroup {
  const words = wordsOf(action);
  return groupOfAction[words] ?? groupOfTarget[words.split(".", 1)[0]!] ?? "other";
}

/** The locale key of an action's sentence (admin namespace): `auditLog.actions.station.rename`. */
export function auditActionKey(action: string): string {
  return `auditLog.actions.${wordsOf(action)}`;
}

/** A yes-or-no field that says which of two sentences fits the record better than the action's own. */
const variants: Readonly<Record<string, { field: string; yes: string; no: string }>> = {
  "console.setAudienceMicMuted": { field: "muted", yes: "audienceMicMuted", no: "audienceMicUnmuted" },
  "channel.muteSpeaker": { field: "mute", yes: "speakerMuted", no: "speakerUnmuted" },
};

const yesOrNo = (value: AuditValue | undefined) =>
  value === true || value === "true" ? true : value === false || value === "false" ? false : null;

/** The shape of every action the console records (`station.rename`): only such a name has words. */
const actionShape = /^[a-z][A-Za-z]*\.[A-Za-z]+$/;

/**
 * The sentence of an action ("Renamed the station"), or of the record when its changes say more
 * ("Muted the audience microphone"); an action without words is shown by its identifier, its
 * hidden characters written out (a record kept before the store escaped them).
 */
export function auditActionText(t: TFunction<"admin">, action: string, changes: readonly AuditChange[] = []): string {
  const variant = variants[action];
  const change = variant ? changes.find((candidate) => candidate.field === variant.field) : undefined;
  const value = change && !change.secret ? yesOrNo(change.new) : null;
  if (variant && value !== null) return t(`auditLog.actionVariants.${value ? variant.yes : variant.no}`);
  const identifier = showHiddenCharacters(action);
  // Another shape is no key of the words: "station" alone would name a group of them.
  if (!actionShape.test(wordsOf(action))) return identifier;
  return t(auditActionKey(action), { defaultValue: identifier });
}

export interface AuditActionChoice {
  value: string;
  label: string;
}

/** The Action filter's choices: the actions that have records, in words, by group, each group's by its words. */
export function groupedAuditActions(
  t: TFunction<"admin">,
  locale: string,
  actions: readonly string[],
): Array<{ group: AuditActionGroup; label: string; choices: AuditActionChoice[] }> {
  const collator = new Intl.Collator(locale);
  return auditActionGroups
    .map((group) => ({
      group,
      label: t(`auditLog.actionGroups.${group}`),
      choices: actions
        .filter((action) => auditActionGroup(action) === group)
        .map((action) => ({ value: action, label: auditActionText(t, action) }))
        .sort((a, b) => collator.compare(a.label, b.label) || collator.compare(a.value, b.value)),
    }))
    .filter((group) => group.choices.length > 0);
}

/** A field as the screens name it ("Name", "Control network: IP address"); its identifier when no screen does. */
export function auditFieldText(t: TFunction<"admin">, field: string): string {
  const label = (name: string) =>
    t(`auditLog.fields.${name}`, { defaultValue: t(`venueBackup.fields.${name}`, { defaultValue: name }) });
  const dot = field.indexOf(".");
  if (dot <= 0 || dot === field.length - 1) return label(field);
  return `${label(field.slice(0, dot))}: ${label(field.slice(dot + 1))}`;
}
