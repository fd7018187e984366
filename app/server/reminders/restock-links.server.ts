import { localizePath } from "~/domain/lang-path";
import type { Lang } from "~/domain/product";
import type { Keys } from "../platform/keys.server";
import { signValue, verifySignedValue } from "../platform/signed-value.server";
import type { Site } from "../platform/site.server";

/**
 * The "stop these alerts" link of a back-in-stock mail: the signed value `restock-stop.{email,
 * base64url}`. It only ever removes alerts (never adds or reveals any), so it needs no nonce: using
 * it twice does nothing more.
 */
const PREFIX = "restock-stop.";

export function restockStopToken(keys: Keys, email: string): string {
  return signValue(keys, `${PREFIX}${Buffer.from(email, "utf8").toString("base64url")}`);
}

/** The address of a stop token this shop signed; null for anything else. */
export function readRestockStopToken(keys: Keys, token: string | null | undefined): string | null {
  if (typeof token !== "string" || token.length > 600) return null;
  const value = verifySignedValue(keys, token);
  if (!value?.startsWith(PREFIX)) return null;
  const email = Buffer.from(value.slice(PREFIX.length), "base64url").toString("utf8");
  return email.includes("@") ? email : null;
}

/** Absolute link for the mail, in the alert's language: the page asks before it removes anything. */
export function restockStopUrl(site: Pick<Site, "url" | "keys">, email: string, lang: Lang): string {
  return `${site.url}${localizePath("/back-in-stock/stop", lang)}?t=${restockStopToken(site.keys, email)}`;
}
