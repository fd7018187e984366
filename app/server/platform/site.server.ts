import type { Env } from "./env.server";
import type { Keys } from "./keys.server";

/**
 * The shop as its mails and links name it, built once with the services (`services.site`,
 * docs/decisions/027): where its pages are, which addresses its mails show and go to, and the keys
 * that sign its links. Mail builders, link makers and the console's door take it instead of
 * reading the environment.
 */
export interface Site {
  /** SITE_URL (parseEnv drops a trailing slash): the start of every absolute link. */
  url: string;
  /** Where shoppers write (mail footers). */
  shopEmail: string;
  /** Where the seller's alerts and contact messages go. */
  sellerEmail: string;
  /** Seller alerts also go to Discord (SELLER_DISCORD_WEBHOOK is set). */
  sellerDiscord: boolean;
  /** Signs order-status and newsletter links, and the console's session cookie. */
  keys: Keys;
}

export function createSite(env: Pick<Env, "SITE_URL" | "SHOP_EMAIL" | "SELLER_EMAIL" | "SELLER_DISCORD_WEBHOOK">, keys: Keys): Site {
  return {
    url: env.SITE_URL,
    shopEmail: env.SHOP_EMAIL,
    sellerEmail: env.SELLER_EMAIL,
    sellerDiscord: Boolean(env.SELLER_DISCORD_WEBHOOK),
    keys,
  };
}

/** Pages, and the console's cookies, are served over https. */
export function siteIsSecure(site: Pick<Site, "url">): boolean {
  return site.url.startsWith("https:");
}
