import sodium from "libsodium-wrappers";
import { beforeAll, describe, expect, it } from "vitest";
import { isPlausibleSealedLogin, KDF_MIN_ITERATIONS, LOGIN_PADDING_BYTES, SEALED_BOX_OVERHEAD_BYTES } from "~/domain/login-handoff";
import {
  createSellerKey,
  encodeLogin,
  openLogin,
  openPrivateKey,
  sealLogin,
  UnreadableLoginError,
  WrongPassphraseError,
  type SellerKeyRecord,
} from "./login-crypto";
import { revealSealedLogin } from "../../tests/setup/login-reveal";

const PASSPHRASE = "correct horse battery staple";
const LOGIN = { username: "SamGame", password: 'p4ss wörd ✓ "quoted"' };
const bytesOf = (base64: string) => Buffer.from(base64, "base64");

describe("the login handoff's browser cryptography", () => {
  let record: SellerKeyRecord;
  beforeAll(async () => {
    record = await createSellerKey(PASSPHRASE);
  });

  it("makes a key pair whose private key is stored only encrypted, with the iterations used", () => {
    expect(bytesOf(record.publicKey)).toHaveLength(32);
    expect(bytesOf(record.privateKey.ciphertext)).toHaveLength(48);
    expect(bytesOf(record.privateKey.iv)).toHaveLength(12);
    expect(bytesOf(record.privateKey.salt)).toHaveLength(16);
    expect(record.privateKey.iterations).toBe(KDF_MIN_ITERATIONS);
  });

  it("seals a login the seller opens with the passphrase, unicode and quotes intact", async () => {
    const sealed = await sealLogin(LOGIN, record.publicKey);
    expect(await revealSealedLogin(sealed, record, PASSPHRASE)).toEqual(LOGIN);
  });

  it("leaves nothing of the login readable in the sealed box, whose length hides the password's", async () => {
    const sealed = await sealLogin(LOGIN, record.publicKey);
    const raw = bytesOf(sealed).toString("latin1");
    for (const secret of [LOGIN.password, LOGIN.username, "p4ss"]) {
      expect(sealed).not.toContain(secret);
      expect(raw).not.toContain(secret);
    }
    expect(isPlausibleSealedLogin(sealed)).toBe(true);
    const short = await sealLogin({ username: "a", password: "b" }, record.publicKey);
    const long = await sealLogin({ username: "SamGame", password: "x".repeat(120) }, record.publicKey);
    expect(bytesOf(short)).toHaveLength(SEALED_BOX_OVERHEAD_BYTES + LOGIN_PADDING_BYTES);
    expect(bytesOf(long)).toHaveLength(SEALED_BOX_OVERHEAD_BYTES + LOGIN_PADDING_BYTES);
  });

  it("seals twice to two different boxes (a fresh ephemeral key each time)", async () => {
    expect(await sealLogin(LOGIN, record.publicKey)).not.toBe(await sealLogin(LOGIN, record.publicKey));
  });

  it("reveals nothing with a wrong passphrase", async () => {
    const sealed = await sealLogin(LOGIN, record.publicKey);
    await expect(revealSealedLogin(sealed, record, "correct horse battery stapler")).rejects.toBeInstanceOf(WrongPassphraseError);
  });

  it("refuses a record whose public key was swapped, or whose iterations were lowered", async () => {
    const other = await createSellerKey("another passphrase entirely");
    await expect(openPrivateKey({ ...record, publicKey: other.publicKey }, PASSPHRASE)).rejects.toBeInstanceOf(WrongPassphraseError);
    await expect(openPrivateKey({ ...record, privateKey: { ...record.privateKey, iterations: 1000 } }, PASSPHRASE)).rejects.toBeInstanceOf(
      WrongPassphraseError,
    );
  });

  it("does not open a login sealed to another key, nor a tampered box", async () => {
    await sodium.ready;
    const stranger = sodium.crypto_box_keypair();
    const sealed = await sealLogin(LOGIN, sodium.to_base64(stranger.publicKey, sodium.base64_variants.ORIGINAL));
    const privateKey = await openPrivateKey(record, PASSPHRASE);
    await expect(openLogin(sealed, record.publicKey, privateKey)).rejects.toBeInstanceOf(UnreadableLoginError);
    const mine = bytesOf(await sealLogin(LOGIN, record.publicKey));
    mine[60] ^= 1;
    await expect(openLogin(mine.toString("base64"), record.publicKey, privateKey)).rejects.toBeInstanceOf(UnreadableLoginError);
  });

  it("refuses an empty or oversized username or password before sealing", () => {
    expect(() => encodeLogin({ username: "", password: "x" })).toThrow(RangeError);
    expect(() => encodeLogin({ username: "x", password: "" })).toThrow(RangeError);
    expect(() => encodeLogin({ username: "x".repeat(65), password: "x" })).toThrow(RangeError);
    expect(() => encodeLogin({ username: "x", password: "x".repeat(129) })).toThrow(RangeError);
  });

  it("pads even the worst case (every character escaped) within the largest accepted box", async () => {
    const sealed = await sealLogin({ username: "\u0001".repeat(64), password: "\u0002".repeat(128) }, record.publicKey);
    expect(isPlausibleSealedLogin(sealed)).toBe(true);
  });
});
