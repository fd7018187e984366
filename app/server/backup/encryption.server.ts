/**
 * Optional encryption of a backup archive with a key from the environment (BACKUP_KEY): libsodium's
 * secretstream (XChaCha20-Poly1305), which authenticates every chunk and marks the last one, so a
 * changed byte, reordered or dropped chunks, or a file cut short are all refused.
 *
 * Layout: MAGIC (8 bytes) | format 1 (1 byte) | key id (8 bytes) | secretstream header (24 bytes)
 * | chunks, each a 4-byte big-endian length then that many bytes of ciphertext. The key id (from
 * an HMAC of the key) tells "encrypted with another key" apart from "damaged".
 */
import { createHmac } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import type { StateAddress } from "libsodium-wrappers";
import { BackupRefusal } from "./refusal.server";

const ENCRYPTED_MAGIC = Buffer.from("TSBKPENC", "ascii");
const FORMAT = 1;
const KEY_ID_BYTES = 8;
const HEADER_BYTES = 24;
const PREAMBLE_BYTES = ENCRYPTED_MAGIC.length + 1 + KEY_ID_BYTES + HEADER_BYTES;
/** Plaintext per chunk. */
const CHUNK_BYTES = 64 * 1024;
const ABYTES = 17;
const TAG_MESSAGE = 0;
const TAG_FINAL = 3;

/** libsodium (WebAssembly), loaded by the first backup or restore, not when the server starts (≈ 10 MB resident; docs/decisions/061). */
async function loadSodium() {
  const { default: sodium } = await import("libsodium-wrappers");
  await sodium.ready;
  return sodium;
}

export function keyId(key: Buffer): Buffer {
  return createHmac("sha256", key).update("trigger-shop backup key id").digest().subarray(0, KEY_ID_BYTES);
}

/** Plain bytes in, the encrypted file out. */
export async function encryptStream(key: Buffer): Promise<Transform> {
  const sodium = await loadSodium();
  const { state, header } = sodium.crypto_secretstream_xchacha20poly1305_init_push(key);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let started = false;
  const frame = (plain: Buffer, tag: number) => {
    const cipher = sodium.crypto_secretstream_xchacha20poly1305_push(state, plain, null, tag);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(cipher.length);
    return Buffer.concat([length, cipher]);
  };
  const preamble = () => Buffer.concat([ENCRYPTED_MAGIC, Buffer.from([FORMAT]), keyId(key), Buffer.from(header)]);
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (!started) {
        started = true;
        this.push(preamble());
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= CHUNK_BYTES) {
        const all = Buffer.concat(pending);
        let at = 0;
        for (; all.length - at >= CHUNK_BYTES; at += CHUNK_BYTES) this.push(frame(all.subarray(at, at + CHUNK_BYTES), TAG_MESSAGE));
        pending = [all.subarray(at)];
        pendingBytes = all.length - at;
      }
      done();
    },
    flush(done: TransformCallback) {
      if (!started) this.push(preamble());
      // The last chunk (possibly empty) carries the final tag: without it the file was cut short.
      this.push(frame(Buffer.concat(pending), TAG_FINAL));
      done();
    },
  });
}

/** Whether `head` (the file's first bytes) starts like an encrypted archive. */
export function looksEncrypted(head: Buffer): boolean {
  return head.length >= ENCRYPTED_MAGIC.length && head.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC);
}

/** The encrypted file in, plain bytes out; refuses (BackupRefusal) anything not exactly as written with `key`. */
export async function decryptStream(key: Buffer | null): Promise<Transform> {
  const sodium = await loadSodium();
  let buffered: Buffer = Buffer.alloc(0);
  let state: StateAddress | null = null;
  let finished = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      try {
        if (!state) {
          if (buffered.length < PREAMBLE_BYTES) return done();
          if (!looksEncrypted(buffered)) throw new BackupRefusal("not a Trigger Shop backup");
          if (buffered[ENCRYPTED_MAGIC.length] !== FORMAT)
            throw new BackupRefusal(`encrypted with format ${buffered[ENCRYPTED_MAGIC.length]}, unknown to this version of the shop`);
          if (!key) throw new BackupRefusal("the archive is encrypted: set BACKUP_KEY to the key it was made with");
          const id = buffered.subarray(ENCRYPTED_MAGIC.length + 1, ENCRYPTED_MAGIC.length + 1 + KEY_ID_BYTES);
          if (!id.equals(keyId(key))) throw new BackupRefusal("encrypted with another key than BACKUP_KEY");
          state = sodium.crypto_secretstream_xchacha20poly1305_init_pull(buffered.subarray(PREAMBLE_BYTES - HEADER_BYTES, PREAMBLE_BYTES), key);
          buffered = buffered.subarray(PREAMBLE_BYTES);
        }
        while (buffered.length >= 4) {
          const length = buffered.readUInt32BE(0);
          if (length < ABYTES || length > CHUNK_BYTES + ABYTES) throw new BackupRefusal("damaged: the encrypted data is corrupt");
          if (buffered.length < 4 + length) break;
          if (finished) throw new BackupRefusal("damaged: data follows the end of the encrypted archive");
          const result = sodium.crypto_secretstream_xchacha20poly1305_pull(state, buffered.subarray(4, 4 + length), null);
          if (!result) throw new BackupRefusal("damaged: the encrypted data does not authenticate");
          buffered = buffered.subarray(4 + length);
          if (result.tag === TAG_FINAL) finished = true;
          if (result.message.length > 0) this.push(Buffer.from(result.message));
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      if (!state && buffered.length > 0 && !looksEncrypted(buffered)) return done(new BackupRefusal("not a Trigger Shop backup"));
      if (!finished || buffered.length > 0) return done(new BackupRefusal("truncated: the encrypted archive ends before its last chunk"));
      done();
    },
  });
}
