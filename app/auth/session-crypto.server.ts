// Session rows are sealed: AES-256-GCM under a key derived (HKDF-SHA-256) from the session
// secret, so a copy of the data directory or a backup holds no usable access or refresh token.
// SESSION_SECRET rotates as a list, newest first: rows are sealed with the newest key and
// opened with any listed one; a row whose key is no longer listed cannot be opened (its user
// signs in again). The row's id is authenticated with it, so a row copied under another id
// does not open either (docs/decisions/007-security.md).
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

const format = "v1";
const ivBytes = 12;
const tagBytes = 16;

interface SealingKey {
  id: string;
  key: Buffer;
}

export interface SessionSealer {
  seal(sessionId: string, plaintext: string): string;
  /** The plaintext, or null when the text is not sealed by a listed key (or was altered). */
  open(sessionId: string, sealed: string): string | null;
  /** Whether the text was sealed by an older key and should be sealed again. */
  isStale(sealed: string): boolean;
}

export function isSealed(text: string) {
  return text.startsWith(`${format}.`);
}

function deriveKey(secret: string): SealingKey {
  const key = Buffer.from(hkdfSync("sha256", secret, "station-console session store", "session rows, AES-256-GCM", 32));
  // Names the key in the row without saying anything about it.
  const id = createHash("sha256").update(key).digest("base64url").slice(0, 8);
  return { id, key };
}

export function createSessionSealer(secrets: readonly string[]): SessionSealer {
  if (secrets.length === 0) throw new Error("Sealing sessions needs at least one session secret");
  const keys = secrets.map(deriveKey);
  const newest = keys[0]!;
  const additionalData = (keyId: string, sessionId: string) => Buffer.from(`${format}.${keyId}.${sessionId}`);

  return {
    seal(sessionId, plaintext) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv("aes-256-gcm", newest.key, iv, { authTagLength: tagBytes });
      cipher.setAAD(additionalData(newest.id, sessionId));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return [format, newest.id, iv.toString("base64url"), body.toString("base64url")].join(".");
    },
    open(sessionId, sealed) {
      const [version, keyId, iv, body] = sealed.split(".");
      if (version !== format || !keyId || !iv || !body) return null;
      const key = keys.find((candidate) => candidate.id === keyId);
      if (!key) return null;
      try {
        const ivBuffer = Buffer.from(iv, "base64url");
        const bodyBuffer = Buffer.from(body, "base64url");
        if (ivBuffer.length !== ivBytes || bodyBuffer.length < tagBytes) return null;
        const decipher = createDecipheriv("aes-256-gcm", key.key, ivBuffer, { authTagLength: tagBytes });
        decipher.setAAD(additionalData(key.id, sessionId));
        decipher.setAuthTag(bodyBuffer.subarray(bodyBuffer.length - tagBytes));
        return Buffer.concat([
          decipher.update(bodyBuffer.subarray(0, bodyBuffer.length - tagBytes)),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        return null;
      }
    },
    isStale(sealed) {
      return sealed.split(".")[1] !== newest.id;
    },
  };
}
