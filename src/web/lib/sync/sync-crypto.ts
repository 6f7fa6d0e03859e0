import { subtleCrypto } from '../secure-context';

/**
 * The device's side of the vault's secrecy (docs/sync.md "Keys"; decision 0023): the passphrase
 * gives, through PBKDF2-SHA-256, a 256-bit AES-GCM key that never leaves the device and a write
 * token the server keeps only a hash of; the vault's name gives its id and salts the derivation,
 * so two vaults with one passphrase share neither key nor token.
 */
export const kdfIterations = 600_000;
// In sync-config so that Settings' set-up form can check a passphrase without loading this module.
export { minPassphraseLength } from './sync-config';

export class SyncUnavailableError extends Error {
  constructor() {
    super('Web Crypto needs a secure context (https or localhost)');
    this.name = 'SyncUnavailableError';
  }
}

function subtle(): SubtleCrypto {
  const found = subtleCrypto();
  if (!found) throw new SyncUnavailableError();
  return found;
}

const utf8 = new TextEncoder();

export function base64url(bytes: Uint8Array): string {
  return base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const normalise = (text: string) => text.normalize('NFC');

async function sha256(text: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await subtle().digest('SHA-256', utf8.encode(text)));
}

/** The vault's id on the server, from its name ('' = the server's default vault). */
export async function vaultIdOf(name: string): Promise<string> {
  return base64url(await sha256(`kotonoha sync vault\0${normalise(name.trim())}`));
}

export interface VaultKeys {
  vaultId: string;
  writeToken: string;
  /** Non-extractable: it can be kept in IndexedDB but never read back out. */
  key: CryptoKey;
}

async function stretch(passphrase: string, salt: Uint8Array<ArrayBuffer>, iterations: number, bits: number): Promise<Uint8Array<ArrayBuffer>> {
  const material = await subtle().importKey('raw', utf8.encode(normalise(passphrase)), 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await subtle().deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, bits));
}

const aesKey = (raw: Uint8Array<ArrayBuffer>) => subtle().importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);

export async function deriveVaultKeys(name: string, passphrase: string, iterations = kdfIterations): Promise<VaultKeys> {
  const salt = await sha256(`kotonoha sync salt\0${normalise(name.trim())}`);
  const bits = await stretch(passphrase, salt, iterations, 512);
  return { vaultId: await vaultIdOf(name), key: await aesKey(bits.slice(0, 32)), writeToken: base64url(bits.slice(32)) };
}

/** A key for a backup file: its own random salt, stored in the file. */
export async function deriveFileKey(passphrase: string, salt: Uint8Array<ArrayBuffer>, iterations = kdfIterations): Promise<CryptoKey> {
  return aesKey(await stretch(passphrase, salt, iterations, 256));
}

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return bytes;
}

const ivBytes = 12;
/** A record's id and type are bound to its ciphertext: a sealed record moved under another id does not open. */
const associatedData = (id: string, type: string) => utf8.encode(`${type}\0${id}`);

/** AES-256-GCM with a fresh random IV: base64 of IV ‖ ciphertext ‖ tag. */
export async function seal(key: CryptoKey, id: string, type: string, plaintext: string): Promise<string> {
  const iv = randomBytes(ivBytes);
  const sealed = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: associatedData(id, type) }, key, utf8.encode(plaintext)));
  const out = new Uint8Array(ivBytes + sealed.length);
  out.set(iv);
  out.set(sealed, ivBytes);
  return base64(out);
}

/** The plaintext, or an error when the ciphertext was altered, moved, or sealed with another key. */
export async function unseal(key: CryptoKey, id: string, type: string, ciphertext: string): Promise<string> {
  const bytes = fromBase64(ciphertext);
  if (bytes.length < ivBytes + 16) throw new Error('too short to be a sealed record');
  const plain = await subtle().decrypt({ name: 'AES-GCM', iv: bytes.slice(0, ivBytes), additionalData: associatedData(id, type) }, key, bytes.slice(ivBytes));
  return new TextDecoder().decode(plain);
}
