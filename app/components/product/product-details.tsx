import { BadgeCheck, Lock, MessageCircle, RotateCcw, Truck } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import type { Category, Product } from "~/domain/product";
import { LocalLink } from "~/components/ui/local-link";
import { useLang } from "~/state/lang";
import { usePublicConfig, useStorefrontData } from "~/state/storefront-data";
import { tList } from "~/components/content/text";
import { useCurrency } from "~/state/currency";
import { AUDIENCE_KEY, CATEGORY_KEY, DELIVERY_KEY, SKIN_KEY, TYPE_KEY } from "./labels";

const CATEGORY_DESCRIPTION_KEY: Readonly<Record<Category, string>> = {
  "Permanent Triggers": "product.categoryDescriptions.permanentTriggers",
  "Gifting Triggers": "product.categoryDescriptions.giftingTriggers",
  Triggers: "product.categoryDescriptions.triggers",
  Rooms: "product.categoryDescriptions.rooms",
  Bundles: "product.categoryDescriptions.bundles",
};

/** Gifting triggers explain themselves on /triggers/gift; everything uploaded by hand on /login-required. */
export function learnMorePath(product: Pick<Product, "category">, isGift: boolean): string {
  return isGift || product.category === "Gifting Triggers" ? "/triggers/gift" : "/login-required";
}

export function CategoryDescription({ product, isGift }: { product: Product; isGift: boolean }) {
  const { t } = useTranslation();
  const path = learnMorePath(product, isGift);
  const offer = useStorefrontData()?.announcement ?? null;
  return (
    <section aria-labelledby="category-title" className="rounded-2xl border border-brand-100 bg-brand-50 p-5">
      <h2 id="category-title" className="text-lg font-bold text-brand-900">
        {t("product.aboutCategory", { category: t(CATEGORY_KEY[product.category]) })}
      </h2>
      <p className="mt-2 text-sm text-slate-800">{t(CATEGORY_DESCRIPTION_KEY[product.category])}</p>
      {/* The free-room line only while the new-user offer can be applied (the announcement bar's rule, ADR 016). */}
      {offer && product.category === "Permanent Triggers" && (
        <p className="mt-2 text-sm font-semibold text-brand-900">{t("product.freeRoomLive", { code: offer.code })}</p>
      )}
      {/* SPEC §9's short form of the usage rules (four); /login-required has the long form (docs/decisions/042). */}
      {product.delivery === "manual-upload" && (
        <>
          <h3 className="mt-3 text-sm font-bold text-brand-900">{t("product.usageRulesTitle")}</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
            {tList(t, "product.usageRules").map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </>
      )}
      {/* The link says where it leads ("Learn more" alone tells a search engine or a screen reader nothing). */}
      <LocalLink to={path} className="mt-3 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
        {path === "/triggers/gift" ? t("product.learnMoreGift") : t("product.learnMoreLogin")}
      </LocalLink>
    </section>
  );
}

export function FeatureList({ product }: { product: Product }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section aria-labelledby="included-title">
      <h2 id="included-title" className="text-xl font-bold">
        {t("product.included")}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {product.features[lang].map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-slate-800">
            <BadgeCheck size={18} className="mt-0.5 shrink-0 text-emerald-700" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ProductAttributes({ product }: { product: Product }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t("product.attributes.type"), t(TYPE_KEY[product.type])],
    [t("product.attributes.audience"), t(AUDIENCE_KEY[product.audience])],
    [t("product.attributes.skin"), t(SKIN_KEY[product.skin])],
  ];
  if (product.actionCount) rows.push([t("product.attributes.actions"), t("product.attributes.actionsValue", { count: product.actionCount })]);
  if (product.poses) rows.push([t("product.attributes.poses"), t("product.attributes.posesValue", { count: product.poses })]);
  rows.push(
    [t("product.attributes.gestures"), t(product.gestures ? "product.attributes.yes" : "product.attributes.no")],
    [t("product.attributes.platforms"), product.platforms.map((p) => t(`product.platforms.${p}`)).join(" · ")],
    [t("product.attributes.delivery"), t(DELIVERY_KEY[product.delivery])],
    [t("product.attributes.deliveryTime"), t("product.attributes.deliveryTimeValue")],
    [
      t("product.attributes.warranty"),
      product.warrantyDays > 0 ? t("product.attributes.warrantyDays", { count: product.warrantyDays }) : t("product.attributes.warrantyNone"),
    ],
  );
  return (
    <section aria-labelledby="details-title">
      <h2 id="details-title" className="text-xl font-bold">
        {t("product.details")}
      </h2>
      <dl className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-5 gap-3 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="col-span-2 text-sm font-semibold text-slate-700 sm:col-span-1">{label}</dt>
            <dd className="col-span-3 text-sm text-slate-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function BundleContents({ items, savingsCents }: { items: readonly { productId: string; title: string; priceCents: number }[]; savingsCents: number }) {
  const { t } = useTranslation();
  const { format } = useCurrency();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="bundle-title">
      <h2 id="bundle-title" className="text-xl font-bold">
        {t("product.bundle.title")}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.productId} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 px-4 py-3">
            <LocalLink to={`/product/${encodeURIComponent(item.productId)}`} className="font-semibold text-brand-700 hover:text-brand-900">
              {item.title}
            </LocalLink>
            <span className="text-sm text-slate-700">{t("product.bundle.itemPrice", { price: format(item.priceCents) })}</span>
          </li>
        ))}
      </ul>
      {savingsCents > 0 && (
        <p className="mt-3 font-semibold text-emerald-800" data-testid="bundle-savings">
          {t("product.bundle.savings", { amount: format(savingsCents) })}
        </p>
      )}
    </section>
  );
}

/** Prefilled WhatsApp message (SPEC §7); disabled like Add to Cart when out of stock. */
export function WhatsAppButton({ product }: { product: Pick<Product, "title" | "priceCents" | "inStock"> }) {
  const { t } = useTranslation();
  const { format } = useCurrency();
  const whatsapp = usePublicConfig()?.links.whatsapp ?? null;
  const className = "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold";
  const label = (
    <>
      <MessageCircle size={16} aria-hidden="true" />
      {t("product.whatsappButton")}
    </>
  );
  if (!whatsapp || !product.inStock) {
    return (
      <button type="button" disabled className={`${className} cursor-not-allowed bg-slate-200 text-slate-600`}>
        {label}
      </button>
    );
  }
  const text = t("product.whatsappMessage", { title: product.title, price: format(product.priceCents) });
  return (
    <a
      href={`${whatsapp}?text=${encodeURIComponent(text)}`}
      target="_blank"
      rel="noopener noreferrer"
      className={`${className} bg-emerald-700 text-white hover:bg-emerald-800`}
    >
      {label}
    </a>
  );
}

export function TrustIcons() {
  const { t } = useTranslation();
  const items = [
    { icon: Lock, title: t("product.trust.secure"), text: t("product.trust.secureText") },
    { icon: Truck, title: t("product.trust.shipping"), text: t("product.trust.shippingText") },
    { icon: RotateCcw, title: t("product.trust.moneyBack"), text: t("product.trust.moneyBackText") },
  ];
  return (
    <ul aria-label={t("product.trust.label")} className="grid grid-cols-3 gap-2 text-center">
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex flex-col items-center gap-1 rounded-xl border border-slate-200 p-3">
          <Icon size={20} className="text-brand-700" aria-hidden="true" />
          <span className="text-xs font-semibold text-slate-900">{title}</span>
          <span className="text-[11px] leading-tight text-slate-600">{text}</span>
        </li>
      ))}
    </ul>
  );
}
