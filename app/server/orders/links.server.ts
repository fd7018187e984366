import type { Lang } from "~/domain/product";
import { localizePath } from "~/domain/lang-path";
import { getEnv } from "../platform/env.server";
import { signValue, verifySignedValue } from "../platform/signed-value.server";

/**
 * An order's status page is opened only through a link the shop signed (emails, the success
 * screen, the lookup): the id alone, which a buyer may paste in public, shows nothing.
 */
const purpose = (orderId: string) => `order:${orderId}`;

/** The link's key: the HMAC of "order:{id}" with the signed-link key. */
export function orderAccessKey(orderId: string): string {
  const signed = signValue(purpose(orderId));
  return signed.slice(signed.lastIndexOf(".") + 1);
}

export function isOrderAccessKey(orderId: string, key: string | null | undefined): boolean {
  return typeof key === "string" && key.length > 0 && verifySignedValue(`${purpose(orderId)}.${key}`) === purpose(orderId);
}

/** Path of the status page in the buyer's language, with its key. */
export function orderStatusPath(orderId: string, lang: Lang): string {
  return `${localizePath(`/order/${orderId}`, lang)}?k=${orderAccessKey(orderId)}`;
}

/** Absolute link for emails. */
export function orderStatusUrl(orderId: string, lang: Lang): string {
  return `${getEnv().SITE_URL}${orderStatusPath(orderId, lang)}`;
}
