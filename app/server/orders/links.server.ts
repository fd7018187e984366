import type { Lang } from "~/domain/product";
import { localizePath } from "~/domain/lang-path";
import type { Keys } from "../platform/keys.server";
import { signValue, verifySignedValue } from "../platform/signed-value.server";
import type { Site } from "../platform/site.server";

/**
 * An order's status page is opened only through a link the shop signed (emails, the success
 * screen, the lookup): the id alone, which a buyer may paste in public, shows nothing.
 */
const purpose = (orderId: string) => `order:${orderId}`;

/** The link's key: the HMAC of "order:{id}" with the signed-link key. */
export function orderAccessKey(keys: Keys, orderId: string): string {
  const signed = signValue(keys, purpose(orderId));
  return signed.slice(signed.lastIndexOf(".") + 1);
}

export function isOrderAccessKey(keys: Keys, orderId: string, key: string | null | undefined): boolean {
  return typeof key === "string" && key.length > 0 && verifySignedValue(keys, `${purpose(orderId)}.${key}`) === purpose(orderId);
}

/** Path of the status page in the buyer's language, with its key. */
export function orderStatusPath(keys: Keys, orderId: string, lang: Lang): string {
  return `${localizePath(`/order/${orderId}`, lang)}?k=${orderAccessKey(keys, orderId)}`;
}

/** Absolute link for emails. */
export function orderStatusUrl(site: Pick<Site, "url" | "keys">, orderId: string, lang: Lang): string {
  return `${site.url}${orderStatusPath(site.keys, orderId, lang)}`;
}
