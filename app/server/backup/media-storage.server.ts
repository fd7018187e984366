import type { Readable } from "node:stream";

/**
 * The shop's media storage (a folder under DATA_DIR/media by default, S3-compatible when
 * configured), declared here by its shape so backups work with whichever implementation the shop
 * is given. Keys under BACKUP_PREFIX hold backups, never media: a backup never copies them.
 */
export interface MediaStorage {
  readonly kind: "local" | "s3";
  put(key: string, body: Buffer | Readable, options: { contentType: string; size?: number }): Promise<void>;
  get(key: string): Promise<Readable | null>;
  head(key: string): Promise<{ size: number; contentType?: string } | null>;
  delete(key: string): Promise<void>;
  list(prefix?: string): AsyncIterable<{ key: string; size: number }>;
  url(key: string): string;
}

/** Where scheduled backups go in the media storage (BACKUP_TO=storage). */
export const BACKUP_PREFIX = "backups/";

export const isBackupKey = (key: string): boolean => key.startsWith(BACKUP_PREFIX);
