import type { PublicConfig } from "~/state/storefront-data";
import type { Services } from "../services.server";

/** What the browser may know of the configuration: links and public ids, never secrets. */
export function publicConfig({ env, paypal }: Pick<Services, "env" | "paypal">): PublicConfig {
  return {
    siteUrl: env.SITE_URL,
    links: {
      discord: env.DISCORD_URL,
      whatsapp: `https://wa.me/${env.WHATSAPP_NUMBER}`,
      email: `mailto:${env.SHOP_EMAIL}`,
      shopEmail: env.SHOP_EMAIL,
      instagram: env.INSTAGRAM_URL ?? null,
      tiktok: env.TIKTOK_URL ?? null,
      youtube: env.YOUTUBE_URL ?? null,
      contactForm: env.CONTACT_FORM_URL ?? null,
    },
    // Our own endpoint, which asks GEO_LOOKUP_URL (docs/decisions/037); none with a CDN's country header.
    geoLookupUrl: env.COUNTRY_HEADER ? null : "/api/geo",
    reviewWidgetUrl: env.REVIEW_WIDGET_URL ?? null,
    paypal: paypal && env.PAYPAL_CLIENT_ID ? { clientId: env.PAYPAL_CLIENT_ID, sdkUrl: env.PAYPAL_SDK_URL } : null,
  };
}
