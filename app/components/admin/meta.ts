/**
 * Every console page's meta: its title, never indexed (robots.txt also disallows /admin), and the
 * installable console's manifest and icon (docs/decisions/053) — on console pages only, never the
 * storefront's.
 */
export function adminMeta(title: string) {
  return [
    { title: `${title} · Seller console · Trigger Shop` },
    { name: "robots", content: "noindex, nofollow" },
    { tagName: "link", rel: "manifest", href: "/admin-manifest.webmanifest" },
    { tagName: "link", rel: "apple-touch-icon", href: "/admin-icons/apple-touch-icon.png" },
  ];
}
