// Documents on any backend that keeps bytes under a key with an expiry: sealed with AES-256-GCM
// before they leave the process, as session rows are (app/auth/session-crypto.server.ts), under a
// key derived from the session secret, so neither the data directory nor Redis holds a readable
// channel PIN of an uploaded backup. The key it is kept under is authenticated with it (a
// document copied under another user's key does not open). Sealing runs in WebCrypto, which
// works on libuv's threads: a 12 MB backup never holds the event loop while it is sealed.
import { createHash, hkdfSync, webcrypto } from "node:crypto";
import type { DocumentStore } from "../../app/store/shared-store.server";

export interface DocumentRows {
  get(key: string): Promise<Uint8Array | null>;
  /** Keeps the parts one after the other (a header and a body: no copy of a large body to join them). */
  put(key: string, parts: Uint8Array[], expiresAt: Date): Promise<void>;
  delete(key: string): Promise<void>;
}

const magic = new TextEncoder().encode("SCD1");
const keyIdBytes = 6;
const ivBytes = 12;
const headerBytes = magic.length + keyIdBytes + ivBytes;

interface SealingKey {
  id: Uint8Array;
  key: Promise<webcrypto.CryptoKey>;
}

function deriveKey(secret: string): SealingKey {
  const raw = Buffer.from(hkdfSync("sha256", secret, "station-console documents", "documents, AES-256-GCM", 32));
  return {
    id: createHash("sha256").update(raw).digest().subarray(0, keyIdBytes),
    key: webcrypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]),
  };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, at) => byte === b[at]);

export function sealedDocuments(rows: DocumentRows, secrets: readonly string[]): DocumentStore {
  if (secrets.length === 0) throw new Error("Sealing documents needs at least one session secret");
  const keys = secrets.map(deriveKey);
  const newest = keys[0]!;
  const additionalData = (key: string) => new TextEncoder().encode(`documents.${key}`);

  /** The header (format, key id, IV) and the ciphertext with its tag, as two parts. */
  async function seal(key: string, bytes: Uint8Array): Promise<Uint8Array[]> {
    const iv = webcrypto.getRandomValues(new Uint8Array(ivBytes));
    const body = await webcrypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: additionalData(key) },
      await newest.key,
      bytes,
    );
    const header = new Uint8Array(headerBytes);
    header.set(magic, 0);
    header.set(newest.id, magic.length);
    header.set(iv, magic.length + keyIdBytes);
    return [header, new Uint8Array(body)];
  }

  async function open(key: string, sealed: Uint8Array): Promise<Uint8Array | null> {
    if (sealed.length < headerBytes || !sameBytes(sealed.subarray(0, magic.length), magic)) return null;
    const id = sealed.subarray(magic.length, magic.length + keyIdBytes);
    const sealing = keys.find((candidate) => sameBytes(candidate.id, id));
    if (!sealing) return null;
    try {
      const plain = await webcrypto.subtle.decrypt(
        {
          name: "AES-GCM",
          iv: sealed.subarray(magic.length + keyIdBytes, headerBytes),
          additionalData: additionalData(key),
        },
        await sealing.key,
        sealed.subarray(headerBytes),
      );
      return new Uint8Array(plain);
    } catch {
      // Altered, or sealed under another key name.
      return null;
    }
  }

  return {
    async put(key, bytes, expiresAt) {
      await rows.put(key, await seal(key, bytes), expiresAt);
    },
    async get(key) {
      const sealed = await rows.get(key);
      return sealed === null ? null : open(key, sealed);
    },
    async remove(key) {
      await rows.delete(key);
    },
  };
}
