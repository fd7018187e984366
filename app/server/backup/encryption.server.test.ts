import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../platform/env.server";
import { decryptStream, encryptStream } from "./encryption.server";
import { parseBackupKey } from "../platform/backup-key.server";

async function through(stream: NodeJS.ReadWriteStream, input: Buffer, pieces = 7): Promise<Buffer> {
  const size = Math.max(1, Math.ceil(input.length / pieces));
  const parts: Buffer[] = [];
  for (let at = 0; at < input.length; at += size) parts.push(input.subarray(at, at + size));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(parts).pipe(stream as never) as AsyncIterable<Buffer>) out.push(chunk);
  return Buffer.concat(out);
}

const encrypt = async (key: Buffer, plain: Buffer) => through(await encryptStream(key), plain);
const decrypt = async (key: Buffer | null, cipher: Buffer) => through(await decryptStream(key), cipher, 3);

describe("backup encryption (secretstream)", () => {
  const key = randomBytes(32);

  it("gives back exactly what went in, at every size around its chunk length", async () => {
    for (const size of [0, 1, 65_535, 65_536, 65_537, 200_000]) {
      const plain = randomBytes(size);
      const cipher = await encrypt(key, plain);
      expect(cipher.includes(plain.subarray(0, 64)) && size >= 64).toBe(false);
      expect(await decrypt(key, cipher)).toEqual(plain);
    }
  }, 60_000); // libsodium's WebAssembly loads on first use: slow on a busy machine

  it("refuses another key, no key, a changed byte, a dropped chunk and a cut file", async () => {
    const plain = randomBytes(150_000);
    const cipher = await encrypt(key, plain);
    await expect(decrypt(randomBytes(32), cipher)).rejects.toThrow("encrypted with another key than BACKUP_KEY");
    await expect(decrypt(null, cipher)).rejects.toThrow(/^the archive is encrypted/);
    const changed = Buffer.from(cipher);
    changed[100_000] ^= 0x80;
    await expect(decrypt(key, changed)).rejects.toThrow(/^damaged/);
    // Drop the second chunk (each: 4-byte length + ciphertext).
    const first = 41 + 4 + cipher.readUInt32BE(41);
    const secondEnd = first + 4 + cipher.readUInt32BE(first);
    await expect(decrypt(key, Buffer.concat([cipher.subarray(0, first), cipher.subarray(secondEnd)]))).rejects.toThrow(/^damaged/);
    await expect(decrypt(key, cipher.subarray(0, first))).rejects.toThrow(/^truncated/);
    await expect(decrypt(key, cipher.subarray(0, cipher.length - 1))).rejects.toThrow(/^truncated/);
  });
});

describe("BACKUP_KEY and METRICS_TOKEN", () => {
  it("takes 32 bytes as base64 or hex, nothing else", () => {
    const bytes = randomBytes(32);
    expect(parseBackupKey(bytes.toString("base64"))).toEqual(bytes);
    expect(parseBackupKey(bytes.toString("hex"))).toEqual(bytes);
    expect(parseBackupKey(randomBytes(16).toString("base64"))).toBeNull();
    expect(parseBackupKey("correct horse battery staple")).toBeNull();
  });

  it("stops the shop at start with one line naming a bad one", () => {
    const base = { DATA_DIR: "memory://", SESSION_SECRET: "x".repeat(32) };
    expect(() => parseEnv({ ...base, BACKUP_KEY: "hunter2" })).toThrow(
      'Invalid environment variable BACKUP_KEY: must be 32 random bytes in base64 or hex (openssl rand -base64 32) (got "hunter2")',
    );
    expect(() => parseEnv({ ...base, METRICS_TOKEN: "short" })).toThrow("Invalid environment variable METRICS_TOKEN: must be at least 16 characters");
    expect(() => parseEnv({ ...base, BACKUP_TO: "tape" })).toThrow(/^Invalid environment variable BACKUP_TO/);
    expect(parseEnv({ ...base, BACKUP_INTERVAL_HOURS: "24" })).toMatchObject({ BACKUP_INTERVAL_HOURS: 24, BACKUP_KEEP: 7, BACKUP_TO: "folder" });
  });
});
