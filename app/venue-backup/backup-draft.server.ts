// The backup a user is restoring, kept in the shared store between the upload, the preview's
// pages and the apply (issue 33, item 1; docs/decisions/063-venue-backup.md): never in the page.
// One per user — a new upload replaces the last — under an id the preview's URL and forms name,
// for an hour after the upload. Beside it, the user's choices so far: which backup station goes
// onto which unit, and which settings they unticked, so a choice made on one page of the preview
// holds on the others and at apply.
import { randomUUID } from "node:crypto";
import type { SessionUser } from "~/auth/user";
import { maxBackupStations } from "~/domain/venue-backup";
import { getRuntime } from "~/runtime.server";

/** How long an uploaded backup is kept for its preview and apply. */
export const keepBackupMs = 60 * 60 * 1000;

const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The id a URL or form names, or null for none (or one that is not an id). */
export function backupIdOf(value: unknown): string | null {
  return typeof value === "string" && idPattern.test(value) ? value : null;
}

const documentKey = (user: SessionUser, id: string) => `restore:${user.subject}:${id}`;
const choicesKey = (user: SessionUser) => `restore-choices:${user.subject}`;

export interface RestoreChoices {
  /** Backup serial number → the unit it goes onto ("" for none); only the ones chosen. */
  mapping: Record<string, string>;
  /** `serialNumber/key` or `venue/key` of the settings unticked. */
  unticked: string[];
}

interface StoredChoices extends RestoreChoices {
  id: string;
  expiresAt: number;
}

/** Keeps the file for the user, replacing any they kept before; answers its id. */
export async function keepBackup(user: SessionUser, bytes: Uint8Array): Promise<string> {
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + keepBackupMs);
  const { documents } = getRuntime().store;
  const before = await storedChoices(user);
  await documents.put(documentKey(user, id), bytes, expiresAt);
  // The choices name the kept file: from now on the one before is not the user's backup.
  await saveChoices(user, { id, mapping: {}, unticked: [], expiresAt: expiresAt.getTime() });
  if (before) await documents.remove(documentKey(user, before.id));
  return id;
}

/** The user's kept file of that id; null when it expired or a newer upload replaced it. */
export async function keptBackup(user: SessionUser, id: string): Promise<Uint8Array | null> {
  if ((await storedChoices(user))?.id !== id) return null;
  return getRuntime().store.documents.get(documentKey(user, id));
}

async function saveChoices(user: SessionUser, choices: StoredChoices) {
  await getRuntime().store.documents.put(
    choicesKey(user),
    new TextEncoder().encode(JSON.stringify(choices)),
    new Date(choices.expiresAt),
  );
}

async function storedChoices(user: SessionUser, id?: string): Promise<StoredChoices | null> {
  const bytes = await getRuntime().store.documents.get(choicesKey(user));
  if (!bytes) return null;
  const choices = JSON.parse(new TextDecoder().decode(bytes)) as StoredChoices;
  return id === undefined || choices.id === id ? choices : null;
}

export async function restoreChoices(user: SessionUser, id: string): Promise<RestoreChoices> {
  const choices = await storedChoices(user, id);
  return { mapping: choices?.mapping ?? {}, unticked: choices?.unticked ?? [] };
}

export interface ChoicesPosted {
  /** Each shown backup station's chosen unit. */
  mapping: Record<string, string>;
  /** The settings the page showed a box for, and the ones ticked. */
  shown: readonly string[];
  ticked: readonly string[];
}

/** What one page of the preview posted, over what the user chose on the others. */
export async function rememberChoices(user: SessionUser, id: string, posted: ChoicesPosted): Promise<RestoreChoices> {
  const choices = await storedChoices(user, id);
  if (!choices) return { mapping: posted.mapping, unticked: [] };
  const ticked = new Set(posted.ticked);
  const shown = new Set(posted.shown);
  const unticked = new Set(choices.unticked.filter((key) => !shown.has(key)));
  for (const key of shown) if (!ticked.has(key)) unticked.add(key);
  // A hand-made post may name anything: what is kept stays within what a file can hold.
  const mapping = Object.entries({ ...choices.mapping, ...posted.mapping }).filter(
    ([serialNumber, target]) => serialNumber.length <= 64 && target.length <= 64,
  );
  const next: StoredChoices = {
    ...choices,
    mapping: Object.fromEntries(mapping.slice(0, maxBackupStations)),
    unticked: [...unticked].filter((key) => key.length <= 100).slice(0, maxBackupStations * 4),
  };
  await saveChoices(user, next);
  return next;
}
