import type { Lang } from "~/domain/lang";
import { translationsOf } from "~/i18n/areas";
import { getI18n } from "~/i18n/i18n";

/**
 * Every console page's meta: its title, never indexed (robots.txt also disallows /admin), and the
 * installable console's manifest and icon (docs/decisions/053) — on console pages only, never the
 * storefront's.
 */
export function adminMeta(title: string, suffix = "Seller console · Trigger Shop") {
  return [
    { title: `${title} · ${suffix}` },
    { name: "robots", content: "noindex, nofollow" },
    { tagName: "link", rel: "manifest", href: "/admin-manifest.webmanifest" },
    { tagName: "link", rel: "apple-touch-icon", href: "/admin-icons/apple-touch-icon.png" },
  ];
}

/**
 * A console page's meta in the language its loaders sent (docs/decisions/055): `key` names its title
 * in a console area (the page's or `admin`). The strings are registered before <Meta> renders (root Layout).
 */
export function consoleMeta(matches: readonly ({ data?: unknown } | undefined)[], key: string, values?: Record<string, string>) {
  let lang: Lang = "en";
  for (const match of matches) lang = translationsOf(match?.data)?.lang ?? lang;
  const { t } = getI18n(lang);
  return adminMeta(t(key, values), t("admin.titleSuffix"));
}
