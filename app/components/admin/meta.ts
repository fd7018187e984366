/** Every console page's meta: its title, and never indexed (robots.txt also disallows /admin). */
export function adminMeta(title: string) {
  return [{ title: `${title} · Seller console · Trigger Shop` }, { name: "robots", content: "noindex, nofollow" }];
}
