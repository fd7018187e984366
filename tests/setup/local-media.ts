import { createLocalStorage } from "~/server/media/local-storage.server";
import type { MediaStorage } from "~/server/media/storage.server";

/** The shop's own local media storage (docs/decisions/030) in a folder of the test's. */
export function localMediaStorage(root: string): MediaStorage {
  return createLocalStorage({ root, publicBase: "/media" });
}
