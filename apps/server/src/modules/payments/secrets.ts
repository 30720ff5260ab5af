import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The payment providers' secrets at rest: AES-256-GCM with a 32-byte key from PAYMENT_SECRETS_KEY
 * (base64 or hex). A box is base64url of nonce (12 bytes), ciphertext and tag (16 bytes); the
 * store's id is the additional data, so a box copied to another store does not open.
 */

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretsKeyError extends Error {}

export function parseSecretsKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new SecretsKeyError('PAYMENT_SECRETS_KEY must be 32 bytes, in base64 or hex');
  return key;
}

/**
 * The key: PAYMENT_SECRETS_KEY, or, on the embedded database of a demo, one generated once into
 * DATA_DIR (with a warning); null when neither is allowed (the caller refuses to use secrets).
 */
export function loadSecretsKey(options: {
  envKey: string | undefined;
  dataDir: string | null;
  warn: (message: string) => void;
}): Buffer | null {
  if (options.envKey) return parseSecretsKey(options.envKey);
  if (!options.dataDir) return null;
  const file = path.join(options.dataDir, 'payment-secrets.key');
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
    options.warn(`PAYMENT_SECRETS_KEY is not set: generated ${file} for the embedded demo database`);
  }
  return parseSecretsKey(readFileSync(file, 'utf8'));
}

export function sealSecrets(key: Buffer, storeId: number, secrets: Record<string, string>): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(`store:${storeId}`));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]).toString('base64url');
}

export function openSecrets(key: Buffer, storeId: number, box: string): Record<string, string> {
  const bytes = Buffer.from(box, 'base64url');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new SecretsKeyError('a sealed secret is truncated');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(`store:${storeId}`));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return JSON.parse(plain.toString('utf8')) as Record<string, string>;
  } catch {
    throw new SecretsKeyError('a sealed secret does not open with PAYMENT_SECRETS_KEY');
  }
}
