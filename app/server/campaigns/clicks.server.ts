/**
 * A campaign's product links (docs/decisions/046): `/c/<token>`, where the token is the signed value
 * `campaign-click.{campaign}.{lang}.{product, base64url}`. Following one adds one to the count of
 * that campaign and product and redirects to the product page in the mail's language. The token
 * names no person: every subscriber's mail carries the same link.
 */
import { sql } from "drizzle-orm";
import { campaignClicks, campaigns } from "../../../db/schema";
import { localizePath } from "~/domain/lang-path";
import { LANGS, type Lang } from "~/domain/lang";
import type { Db } from "../platform/db.server";
import type { Keys } from "../platform/keys.server";
import { signValue, verifySignedValue } from "../platform/signed-value.server";
import type { Site } from "../platform/site.server";

export interface CampaignClick {
  campaignId: number;
  productId: string;
  lang: Lang;
}

const PREFIX = "campaign-click";

export function campaignClickToken(keys: Keys, { campaignId, productId, lang }: CampaignClick): string {
  return signValue(keys, `${PREFIX}.${campaignId}.${lang}.${Buffer.from(productId, "utf8").toString("base64url")}`);
}

export function readCampaignClickToken(keys: Keys, token: string | null | undefined): CampaignClick | null {
  if (typeof token !== "string" || token.length > 300) return null;
  const value = verifySignedValue(keys, token);
  if (!value) return null;
  const [prefix, id, lang, encoded, ...extra] = value.split(".");
  if (prefix !== PREFIX || extra.length > 0 || !/^\d{1,9}$/.test(id ?? "") || !(LANGS as readonly string[]).includes(lang ?? "") || !encoded) return null;
  const productId = Buffer.from(encoded, "base64url").toString("utf8");
  return productId ? { campaignId: Number(id), productId, lang: lang as Lang } : null;
}

export function campaignClickUrl(site: Pick<Site, "url" | "keys">, click: CampaignClick): string {
  return `${site.url}/c/${campaignClickToken(site.keys, click)}`;
}

/** The product page a click lands on, in the mail's language. */
export function productPath(productId: string, lang: Lang): string {
  return localizePath(`/product/${encodeURIComponent(productId)}`, lang);
}

/**
 * Counts a click and says where it goes; null for a token this shop did not make (the route
 * answers 404). A campaign deleted since still redirects, without counting.
 */
export async function followCampaignClick(db: Db, keys: Keys, token: string | undefined): Promise<string | null> {
  const click = readCampaignClickToken(keys, token);
  if (!click) return null;
  await db.execute(sql`
    insert into ${campaignClicks} (campaign_id, product_id, clicks)
    select ${click.campaignId}, ${click.productId}, 1 where exists (select 1 from ${campaigns} where id = ${click.campaignId})
    on conflict (campaign_id, product_id) do update set clicks = ${campaignClicks.clicks} + 1`);
  return productPath(click.productId, click.lang);
}
