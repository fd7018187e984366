/**
 * Backups read and write product media through the shop's one storage adapter (a folder under
 * DATA_DIR/media by default, S3-compatible when configured: docs/decisions/030). Keys under
 * BACKUP_PREFIX hold backups, never media: a backup never copies them.
 */
export type { MediaStorage } from "../media/storage.server";

/** Where scheduled backups go in the media storage (BACKUP_TO=storage). */
export const BACKUP_PREFIX = "backups/";

export const isBackupKey = (key: string): boolean => key.startsWith(BACKUP_PREFIX);
