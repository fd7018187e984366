import { ChevronDown, DiscordIcon, Heart, Search, ShoppingCart, UserRound, WhatsAppIcon } from "~/components/ui/icon";
import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { NavLink, useLocation } from "react-router";
import { LocalLink, useLocalize } from "~/components/ui/local-link";
import { useLang } from "~/state/lang";
import { deferred, DeferredDialog, DeferredMenu, type MenuTrigger } from "~/components/ui/deferred";
import { stripLangPrefix } from "~/domain/lang-path";
import { usePublicConfig } from "~/state/storefront-data";
import { useCart } from "~/state/cart";
import { loadCatalogue } from "~/state/products";
import { LanguageSwitcher } from "./language-switcher";
import { MobileMenu } from "./mobile-menu";
import { useNavEntries, type NavEntry } from "./nav-entries";

// Fetched when first opened; hovering or focusing their buttons starts the fetch.
const searchDialog = deferred(() => import("~/components/dialogs/search-dialog").then((m) => m.SearchDialog), ["catalogue", "dialogs"]);
const profileDialog = deferred(() => import("~/components/dialogs/profile-dialog").then((m) => m.ProfileDialog), ["dialogs"]);

// Component classes (app.css): the header repeats them on every page.
const navItemClass = "nav-item";
/** Without a display value: callers add `inline-flex` or a responsive `hidden … :inline-flex`. */
const iconBase = "hdr-icon";
const iconButtonClass = `${iconBase} inline-flex hover:bg-brand-50 hover:text-brand-700`;

export function Header() {
  const { t } = useTranslation();
  const entries = useNavEntries();
  const links = usePublicConfig()?.links;
  const [searchOpen, setSearchOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const lang = useLang();
  // About to search: the dialog's code and the catalogue it searches (not part of the page).
  const preloadSearch = () => {
    searchDialog.preload();
    void loadCatalogue(lang);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-4 xl:px-8">
        <LocalLink
          to="/"
          aria-label={t("frame.header.logoLabel")}
          className="flex shrink-0 items-center gap-2 rounded-lg text-lg font-black tracking-tight text-brand-700 sm:text-xl"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          <span>{t("meta.siteName")}</span>
        </LocalLink>

        <nav aria-label={t("frame.header.nav")} className="ml-2 hidden lg:block xl:ml-4">
          <ul className="flex items-center gap-0.5">
            {entries.map((entry) => (
              <li key={entry.key}>{entry.kind === "link" ? <DesktopLink entry={entry} /> : <DesktopGroup entry={entry} />}</li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-0.5">
          <div className="hidden lg:block">
            <LanguageSwitcher />
          </div>
          {links?.discord && (
            <a
              href={links.discord}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("frame.header.discord")}
              className={`${iconBase} hidden hover:bg-brand-50 hover:text-brand-700 lg:inline-flex`}
            >
              <DiscordIcon />
            </a>
          )}
          {links?.whatsapp && (
            <a
              href={links.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("frame.header.whatsapp")}
              className={`${iconBase} hidden hover:bg-brand-50 hover:text-brand-700 lg:inline-flex`}
            >
              <WhatsAppIcon />
            </a>
          )}
          <button
            type="button"
            className={iconButtonClass}
            aria-label={t("frame.header.search")}
            onPointerEnter={preloadSearch}
            onFocus={preloadSearch}
            onClick={() => setSearchOpen(true)}
          >
            <Search className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={iconButtonClass}
            aria-label={t("frame.header.profile")}
            onPointerEnter={profileDialog.preload}
            onFocus={profileDialog.preload}
            onClick={() => setProfileOpen(true)}
          >
            <UserRound className="size-5" aria-hidden="true" />
          </button>
          {/* SPEC §2: the wishlist shows 0 and has no function, so it is not a control.
              Between lg and xl the full navigation needs its room. */}
          <span role="img" aria-label={t("frame.header.wishlist")} className={`${iconBase} hidden sm:inline-flex lg:hidden xl:inline-flex`}>
            <Heart className="size-5" aria-hidden="true" />
            <CountBadge count={0} muted />
          </span>
          <CartLink />
          <MobileMenu entries={entries} onSearch={() => setSearchOpen(true)} onProfile={() => setProfileOpen(true)} />
        </div>
      </div>
      <DeferredDialog dialog={searchDialog} open={searchOpen} onOpenChange={setSearchOpen} />
      <DeferredDialog dialog={profileDialog} open={profileOpen} onOpenChange={setProfileOpen} />
    </header>
  );
}

function CountBadge({ count, muted = false }: { count: number; muted?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-[11px] leading-none font-bold ${
        muted ? "bg-slate-200 text-slate-700" : "bg-brand-600 text-white"
      }`}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

function CartLink() {
  const { t } = useTranslation();
  const count = useCart().totals.itemCount;
  return (
    <LocalLink to="/cart" className={iconButtonClass} aria-label={count > 0 ? t("frame.header.cartWithCount", { count }) : t("frame.header.cart")}>
      <ShoppingCart className="size-5" aria-hidden="true" />
      {count > 0 && <CountBadge count={count} />}
    </LocalLink>
  );
}

function DesktopLink({ entry }: { entry: Extract<NavEntry, { kind: "link" }> }) {
  const localize = useLocalize();
  if (entry.external) {
    return (
      <a href={entry.to} target="_blank" rel="noopener noreferrer" className={navItemClass}>
        {entry.label}
      </a>
    );
  }
  return (
    <NavLink to={localize(entry.to)} end={entry.to === "/"} className={({ isActive }) => `${navItemClass} ${isActive ? "bg-brand-50 text-brand-700" : ""}`}>
      {entry.label}
    </NavLink>
  );
}

const navGroupMenu = deferred(() => import("./menus").then((m) => m.NavGroupMenu));

/** Triggers / Rooms: a dropdown whose code is fetched when first opened (layout/menus.tsx). */
function DesktopGroup({ entry }: { entry: Extract<NavEntry, { kind: "group" }> }) {
  const path = stripLangPrefix(useLocation().pathname);
  const active = path === entry.base || path.startsWith(`${entry.base}/`);
  const trigger: MenuTrigger = {
    className: `${navItemClass} data-[state=open]:bg-brand-50 ${active ? "bg-brand-50 text-brand-700" : ""}`,
    children: (
      <>
        {entry.label}
        <ChevronDown className="size-4 transition-transform in-data-[state=open]:rotate-180" aria-hidden="true" />
      </>
    ),
  };
  return <DeferredMenu menu={navGroupMenu} entry={entry} trigger={trigger} />;
}
