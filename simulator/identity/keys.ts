import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { calculateJwkThumbprint, type JWK } from "jose";
import { privateDirectory, privateFile } from "../../lib/private-files";

export interface SigningKeys {
  /** Private keys, for the provider's configuration only. */
  privateJwks: { keys: JWK[] };
  /** Public halves, for anyone who verifies tokens. */
  publicJwks: { keys: JsonWebKey[] };
}

// Keys are created once and kept in the data directory: tokens issued before a restart must
// still verify after it, and the signed cookies of a sign-in in progress must stay readable.

export async function loadOrCreateSigningKeys(dataDirectory: string): Promise<SigningKeys> {
  const file = join(dataDirectory, "signing-keys.json");
  if (!existsSync(file)) writeOnce(file, { keys: [await createSigningKey()] });
  privateFile(file);
  const privateJwks = JSON.parse(readFileSync(file, "utf8")) as { keys: JWK[] };
  return { privateJwks, publicJwks: { keys: privateJwks.keys.map(publicPart) } };
}

export function loadOrCreateCookieKeys(dataDirectory: string): string[] {
  const file = join(dataDirectory, "cookie-keys.json");
  if (!existsSync(file)) writeOnce(file, [randomBytes(32).toString("base64url")]);
  privateFile(file);
  return JSON.parse(readFileSync(file, "utf8")) as string[];
}

async function createSigningKey(): Promise<JWK> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" }) as JWK;
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: "RS256", use: "sig" };
}

function publicPart({ kty, n, e, kid, alg, use }: JWK): JsonWebKey {
  return { kty, n, e, alg, use, ...({ kid } as object) };
}

function writeOnce(file: string, content: unknown) {
  privateDirectory(join(file, ".."));
  try {
    // "wx" fails when another process created the file meanwhile; its keys then win.
    writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}
