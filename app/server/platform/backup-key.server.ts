/**
 * BACKUP_KEY: 32 random bytes as base64 (44 characters) or hex (64), e.g. `openssl rand -base64 32`.
 * Kept apart from the encryption code so the environment parser can check it cheaply at start.
 */
export function parseBackupKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, "hex") : /^[A-Za-z0-9+/]{43}=?$/.test(trimmed) ? Buffer.from(trimmed, "base64") : null;
  return bytes && bytes.length === 32 ? bytes : null;
}
