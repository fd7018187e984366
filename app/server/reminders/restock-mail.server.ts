import { localizePath } from "~/domain/lang-path";
import { mediaUrl, variantsOf } from "~/domain/media";
import { formatMoney } from "~/domain/money";
import type { Lang, Product } from "~/domain/product";
import { mainImage } from "~/domain/product-media";
import { getI18n } from "~/i18n/i18n";
import "~/i18n/resources.server";
import type { OutgoingMail } from "../mail/outbox.server";
import { renderMail, type MailBlock } from "../mail/render.server";
import type { Site } from "../platform/site.server";
import { restockStopUrl } from "./restock-links.server";

/** Width of the mail's picture (shown at 240 CSS px, sharp at 2×). */
const PICTURE_WIDTH = 480;

const absolute = (site: Pick<Site, "url">, url: string) => (/^https?:\/\//.test(url) ? url : `${site.url}${url.startsWith("/") ? "" : "/"}${url}`);

/**
 * The product's picture as mail clients show it: a JPEG or PNG variant of its main photo at an
 * absolute URL; a seeded SVG drawing (which Gmail and Outlook do not show) means no picture.
 */
export function mailPictureUrl(site: Pick<Site, "url">, product: Pick<Product, "gallery" | "images">): string | null {
  const main = mainImage(product.gallery);
  if (product.gallery && main && main.image.fallback !== "svg") {
    const variants = variantsOf(main.image, main.image.fallback);
    const pick = variants.find((v) => v.width >= PICTURE_WIDTH) ?? variants[variants.length - 1];
    if (pick) return absolute(site, mediaUrl(product.gallery.base, pick.key));
  }
  const drawing = product.images.find((url) => /\.(jpe?g|png)$/i.test(url));
  return drawing ? absolute(site, drawing) : null;
}

/** The product is back: one mail in the alert's language, a product card and the way out. */
export function restockMail(site: Site, product: Product, recipient: { email: string; lang: Lang }): OutgoingMail {
  const { lang, email } = recipient;
  const t = getI18n(lang).getFixedT(lang);
  const title = product.titles[lang] || product.title;
  const productUrl = `${site.url}${localizePath(`/product/${encodeURIComponent(product.id)}`, lang)}`;
  const stopUrl = restockStopUrl(site, email, lang);
  const picture = mailPictureUrl(site, product);
  const blocks: MailBlock[] = [
    { kind: "heading", text: t("emails.restock.title", { title }) },
    ...(picture ? [{ kind: "image", src: picture, alt: title, href: productUrl } as const] : []),
    { kind: "rows", rows: [[title, `${formatMoney(product.priceCents, "USD")} USD`]] },
    { kind: "paragraph", text: t("emails.restock.text") },
    { kind: "link", label: t("emails.restock.button"), href: productUrl },
    { kind: "paragraph", text: t("emails.restock.once") },
  ];
  const rendered = renderMail({
    lang,
    subject: t("emails.restock.subject", { title }),
    blocks,
    footer: t("emails.restock.footer", { email: site.shopEmail }),
    footerLink: { label: t("emails.restock.stop"), href: stopUrl },
  });
  return {
    ...rendered,
    to: email,
    kind: "restock_alert",
    lang,
    // RFC 2369 + RFC 8058: the mail client's own "unsubscribe" button removes the address's alerts.
    headers: { "List-Unsubscribe": `<${stopUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
