/**
 * The login handoff's cryptography, run only in browsers (docs/decisions/022-login-handoff-crypto.md):
 * - the buyer seals {username, password} to the shop's public key (libsodium crypto_box_seal:
 *   X25519 + XSalsa20-Poly1305 with an ephemeral key), so only the private key opens it;
 * - the seller's key pair is made here, and the private key leaves the browser only encrypted with
 *   AES-256-GCM under a key derived from their passphrase (PBKDF2-SHA256, ≥ 600,000 iterations);
 * - revealing decrypts the private key with the passphrase and opens the box, here again.
 *
 * Import it with `import("~/lib/login-crypto")` only: libsodium (WebAssembly) then loads with the
 * form that needs it and never with the rest of the shop.
 */
import sodium from "libsodium-wrappers";
import { GAME_PASSWORD_MAX, GAME_USERNAME_MAX, KDF_MAX_ITERATIONS, KDF_MIN_ITERATIONS, paddedLength } from "~/domain/login-handoff";

export interface GameLogin {
  username: string;
  password: string;
}

/** The private key as the server stores it (all base64). */
export interface EncryptedPrivateKey {
  ciphertext: string;
  iv: string;
  salt: string;
  iterations: number;
}

export interface SellerKeyRecord {
  publicKey: string;
  privateKey: EncryptedPrivateKey;
}

/** The passphrase did not open the private key (or the record was tampered with). */
export class WrongPassphraseError extends Error {
  constructor() {
    super("The passphrase does not open this key");
    this.name = "WrongPassphraseError";
  }
}

/** The sealed box did not open with this key, or held something else than a login. */
export class UnreadableLoginError extends Error {
  constructor() {
    super("This login cannot be opened with this key");
    this.name = "UnreadableLoginError";
  }
}

async function ready(): Promise<typeof sodium> {
  await sodium.ready;
  return sodium;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

function toBase64(bytes: Uint8Array): string {
  return sodium.to_base64(bytes, sodium.base64_variants.ORIGINAL);
}

function fromBase64(text: string): Uint8Array {
  return sodium.from_base64(text, sodium.base64_variants.ORIGINAL);
}

/** A view WebCrypto accepts (an ArrayBuffer-backed copy). */
function buffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy;
}

/**
 * The login as padded JSON: spaces up to a whole block (JSON.parse ignores them), so the
 * ciphertext's length says nothing about the password's.
 */
export function encodeLogin(login: GameLogin): Uint8Array {
  if (login.username.length === 0 || login.username.length > GAME_USERNAME_MAX) throw new RangeError("username length");
  if (login.password.length === 0 || login.password.length > GAME_PASSWORD_MAX) throw new RangeError("password length");
  const json = encoder.encode(JSON.stringify({ username: login.username, password: login.password }));
  const padded = new Uint8Array(paddedLength(json.length)).fill(0x20);
  padded.set(json);
  json.fill(0);
  return padded;
}

function decodeLogin(bytes: Uint8Array): GameLogin {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch {
    throw new UnreadableLoginError();
  }
  const login = value as Partial<GameLogin> | null;
  if (typeof login?.username !== "string" || typeof login.password !== "string") throw new UnreadableLoginError();
  return { username: login.username, password: login.password };
}

/** The buyer's side: seals the login to the shop's public key (base64); returns the sealed box (base64). */
export async function sealLogin(login: GameLogin, publicKey: string): Promise<string> {
  const na = await ready();
  const plaintext = encodeLogin(login);
  try {
    return toBase64(na.crypto_box_seal(plaintext, fromBase64(publicKey)));
  } finally {
    na.memzero(plaintext);
  }
}

async function passphraseKey(passphrase: string, salt: Uint8Array, iterations: number, usage: "encrypt" | "decrypt"): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", buffer(encoder.encode(passphrase.normalize("NFC"))), "PBKDF2", false, ["deriveKey"]);
  return crypto.subtle.deriveKey({ name: "PBKDF2", hash: "SHA-256", salt: buffer(salt), iterations }, material, { name: "AES-GCM", length: 256 }, false, [
    usage,
  ]);
}

/**
 * The seller's side: a new X25519 key pair, its private key encrypted under the passphrase. The
 * public key is bound to the ciphertext as AES-GCM's additional data, so a stored private key cannot
 * be swapped under another public key unnoticed.
 */
export async function createSellerKey(passphrase: string, iterations = KDF_MIN_ITERATIONS): Promise<SellerKeyRecord> {
  const na = await ready();
  const pair = na.crypto_box_keypair();
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  try {
    const key = await passphraseKey(passphrase, salt, iterations, "encrypt");
    const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: buffer(pair.publicKey) }, key, buffer(pair.privateKey));
    return {
      publicKey: toBase64(pair.publicKey),
      privateKey: { ciphertext: toBase64(new Uint8Array(sealed)), iv: toBase64(iv), salt: toBase64(salt), iterations },
    };
  } finally {
    na.memzero(pair.privateKey);
  }
}

/** Decrypts the stored private key with the passphrase; WrongPassphraseError when it does not open. */
export async function openPrivateKey(record: SellerKeyRecord, passphrase: string): Promise<Uint8Array> {
  const na = await ready();
  const { iterations } = record.privateKey;
  // A record asking for fewer rounds than we ever write was not made here.
  if (!Number.isInteger(iterations) || iterations < KDF_MIN_ITERATIONS || iterations > KDF_MAX_ITERATIONS) throw new WrongPassphraseError();
  const publicKey = fromBase64(record.publicKey);
  let privateKey: Uint8Array;
  try {
    const key = await passphraseKey(passphrase, fromBase64(record.privateKey.salt), iterations, "decrypt");
    const opened = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: buffer(fromBase64(record.privateKey.iv)), additionalData: buffer(publicKey) },
      key,
      buffer(fromBase64(record.privateKey.ciphertext)),
    );
    privateKey = new Uint8Array(opened);
  } catch {
    throw new WrongPassphraseError();
  }
  // The private key must be the public key's: a forged record is refused before use.
  if (toBase64(na.crypto_scalarmult_base(privateKey)) !== toBase64(publicKey)) {
    na.memzero(privateKey);
    throw new WrongPassphraseError();
  }
  return privateKey;
}

/** Opens a sealed login with the key pair; UnreadableLoginError when it was not sealed to it. */
export async function openLogin(ciphertext: string, publicKey: string, privateKey: Uint8Array): Promise<GameLogin> {
  const na = await ready();
  let plaintext: Uint8Array;
  try {
    plaintext = na.crypto_box_seal_open(fromBase64(ciphertext), fromBase64(publicKey), privateKey);
  } catch {
    throw new UnreadableLoginError();
  }
  try {
    return decodeLogin(plaintext);
  } finally {
    na.memzero(plaintext);
  }
}
