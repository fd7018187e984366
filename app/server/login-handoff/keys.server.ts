/**
 * The seller's key pairs for the login hand-off (docs/decisions/022-login-handoff-crypto.md): the
 * server keeps the public key and the private key encrypted under the seller's passphrase, and
 * destroys a retired key's private half once nothing sealed to it is left.
 */
import { and, isNotNull, isNull, sql } from "drizzle-orm";
import { KDF_MAX_ITERATIONS, KDF_MIN_ITERATIONS } from "~/domain/login-handoff";
import type { PublicSellerKey } from "~/domain/api/order-login";
import { orderLogins, sellerKeys } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import { refused, type Executor, type HandoffResult, type Tx } from "./records.server";

export interface EncryptedPrivateKey {
  ciphertext: string;
  iv: string;
  salt: string;
  iterations: number;
}

export interface NewSellerKey {
  publicKey: string;
  privateKey: EncryptedPrivateKey;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function base64Bytes(value: string): number | null {
  if (!BASE64.test(value) || value.length % 4 !== 0) return null;
  const padding = value.endsWith("==") ? 2 : value.endsWith("=") ? 1 : 0;
  return (value.length / 4) * 3 - padding;
}

/** X25519 keys are 32 bytes; AES-GCM of one is 32 + a 16-byte tag; GCM nonce 12; salt 16. */
const KEY_SHAPE = { publicKey: 32, ciphertext: 48, iv: 12, salt: 16 } as const;

/**
 * True when the record has exactly the shapes of a public key and an AES-GCM-encrypted private key:
 * a raw private key (32 bytes) in the ciphertext's place is refused, so a broken or careless client
 * cannot leave the private key readable on the server.
 */
function isWellFormedSellerKey(key: NewSellerKey): boolean {
  const { privateKey } = key;
  return (
    base64Bytes(key.publicKey) === KEY_SHAPE.publicKey &&
    base64Bytes(privateKey.ciphertext) === KEY_SHAPE.ciphertext &&
    base64Bytes(privateKey.iv) === KEY_SHAPE.iv &&
    base64Bytes(privateKey.salt) === KEY_SHAPE.salt &&
    Number.isInteger(privateKey.iterations) &&
    privateKey.iterations >= KDF_MIN_ITERATIONS &&
    privateKey.iterations <= KDF_MAX_ITERATIONS
  );
}

export async function activeSellerKey(db: Executor): Promise<PublicSellerKey | null> {
  const [key] = await db.select({ id: sellerKeys.id, publicKey: sellerKeys.publicKey }).from(sellerKeys).where(isNull(sellerKeys.retiredAt));
  return key ?? null;
}

/** Every key for the console's keys page, newest first, with how many live logins each still opens. */
export async function listSellerKeys(db: Db) {
  const rows = await db
    .select({
      id: sellerKeys.id,
      publicKey: sellerKeys.publicKey,
      createdBy: sellerKeys.createdBy,
      createdAt: sellerKeys.createdAt,
      retiredAt: sellerKeys.retiredAt,
      destroyedAt: sellerKeys.destroyedAt,
      liveLogins: sql<number>`(select count(*)::int from ${orderLogins} where ${orderLogins.keyId} = ${sellerKeys.id} and ${orderLogins.ciphertext} is not null)`,
    })
    .from(sellerKeys)
    .orderBy(sql`${sellerKeys.id} desc`);
  return rows;
}

/**
 * Makes `key` the active key; the previous one is retired (still opens the logins sealed to it until
 * they are deleted). `within` runs in the same transaction (the seller's audit row).
 */
export async function createSellerKey(
  db: Db,
  key: NewSellerKey,
  actor: string,
  now: Date,
  within?: (tx: Tx, keyId: number) => Promise<void>,
): Promise<HandoffResult<PublicSellerKey>> {
  if (!isWellFormedSellerKey(key)) return refused(422, "login_key_invalid");
  return db.transaction(async (tx) => {
    // Serialises concurrent rotations: the partial unique index would refuse the second anyway.
    await tx.execute(sql`lock table ${sellerKeys} in share row exclusive mode`);
    await tx.update(sellerKeys).set({ retiredAt: now }).where(isNull(sellerKeys.retiredAt));
    const [row] = await tx
      .insert(sellerKeys)
      .values({
        publicKey: key.publicKey,
        privateKeyCiphertext: key.privateKey.ciphertext,
        privateKeyIv: key.privateKey.iv,
        privateKeySalt: key.privateKey.salt,
        kdfIterations: key.privateKey.iterations,
        createdBy: actor,
        createdAt: now,
      })
      .returning({ id: sellerKeys.id, publicKey: sellerKeys.publicKey });
    await within?.(tx, row!.id);
    return { ok: true as const, value: row! };
  });
}

/**
 * Wipes the encrypted private key of retired keys that no live login needs any more: once the last
 * ciphertext sealed to a key is gone, nothing is left for that key to open.
 */
export async function destroyUnusedRetiredKeys(db: Executor, now: Date): Promise<number> {
  const destroyed = await db
    .update(sellerKeys)
    .set({ privateKeyCiphertext: null, privateKeyIv: null, privateKeySalt: null, destroyedAt: now })
    .where(
      and(
        isNotNull(sellerKeys.retiredAt),
        isNull(sellerKeys.destroyedAt),
        sql`not exists (select 1 from ${orderLogins} where ${orderLogins.keyId} = ${sellerKeys.id} and ${orderLogins.ciphertext} is not null)`,
      ),
    )
    .returning({ id: sellerKeys.id });
  return destroyed.length;
}
