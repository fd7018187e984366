/**
 * argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane). `algorithm: 2` is Algorithm.Argon2id:
 * the package declares it as a const enum, which isolated modules cannot import.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The native argon2 binding, loaded by the first sign-in rather than when the server starts (docs/decisions/061). */
const argon2 = () => import("@node-rs/argon2");

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown email) it still spends the same
 * work on a dummy hash, so the answer's timing does not tell which emails have accounts.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const { verify } = await argon2();
  if (stored === null) {
    dummy ??= hashPassword("not the password of anyone at all");
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash never lets anyone in
  }
}
