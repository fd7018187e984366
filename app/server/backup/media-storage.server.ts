/**
 * Backups read and write product media through the shop's one storage adapter (a folder under
 * DATA_DIR/media by default, S3-compatible when configured: docs/decisions/030). Keys under
 * BACKUP_PREFIX hold backups, never media: a backup never copies them.
 */
import { isPublicMediaKey } from "../media/storage.server";

export type { MediaStorage } from "../media/storage.server";
export type { PrivateStorage } from "../media/private-storage.server";

/** Where scheduled backups go in the private storage (BACKUP_TO=storage; docs/decisions/039). */
export const BACKUP_PREFIX = "backups/";

/**
 * A key in the media storage that is not product media: an old backup, or a private file sharing the
 * media bucket (`private/…`, docs/decisions/039). Backups never copy these as media.
 */
export const isBackupKey = (key: string): boolean => !isPublicMediaKey(key) || key.startsWith(BACKUP_PREFIX);
