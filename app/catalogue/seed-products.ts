/**
 * Seed data: the catalogue as it was written in code before the seller ran it (SPEC §3, issue 20).
 * Read once, by the first start of a database (app/server/catalogue/seed.server.ts imports it on demand);
 * from then on products live in the `products` table and the console edits them. Amounts are integer
 * US cents; savings figures are never written in copy: the UI computes them from prices.
 */
import type { Audience, Badge, BundleItem, Category, Localized, Product, SkinCompatibility } from "../domain/product";

/** A product as the seed wrote it: one title for every language, no SEO texts, position from its order. */
export type SeedProduct = Omit<Product, "titles" | "seoTitle" | "seoDescription" | "position" | "archived">;

type Triple = readonly [en: string, fr: string, es: string];

const L = (en: string, fr: string, es: string): Localized => ({ en, fr, es });

/** Build localized feature lists from [en, fr, es] triples so every language has the same count. */
const feats = (...items: readonly Triple[]): Localized<string[]> => ({
  en: items.map((t) => t[0]),
  fr: items.map((t) => t[1]),
  es: items.map((t) => t[2]),
});

/** Join several localized sentences into one paragraph per language. */
const join = (...parts: readonly Localized[]): Localized => ({
  en: parts.map((p) => p.en).join(" "),
  fr: parts.map((p) => p.fr).join(" "),
  es: parts.map((p) => p.es).join(" "),
});

/** Main image `/products/{id}.svg` plus `extraViews` extra views `/products/{id}-2.svg`, … */
const images = (id: string, extraViews = 0): string[] => [
  `/products/${id}.svg`,
  ...Array.from({ length: extraViews }, (_, i) => `/products/${id}-${i + 2}.svg`),
];

const video = (id: string): string => `/products/${id}.mp4`;

const PLATFORMS = ["mobile", "pc"] as const;

// ---------------------------------------------------------------------------
// Shared copy
// ---------------------------------------------------------------------------

const PERMANENT_DELIVERY = L(
  "Permanent edition: our team uploads it manually to your account within 12–24 hours after payment. Account login is required and the account must be VIP Platinum or above.",
  "Édition permanente : notre équipe l'ajoute manuellement à votre compte dans les 12 à 24 heures suivant le paiement. La connexion à votre compte est nécessaire et celui-ci doit être VIP Platinum ou supérieur.",
  "Edición permanente: nuestro equipo la sube manualmente a tu cuenta en un plazo de 12 a 24 horas tras el pago. Se requiere el acceso a tu cuenta, que debe ser VIP Platinum o superior.",
);

const GIFT_DELIVERY = L(
  "It is sent as a gift to your username within 12–24 hours after payment, with no login or password needed, and is covered by a 30-day replacement warranty.",
  "Il est envoyé en cadeau à votre nom d'utilisateur dans les 12 à 24 heures suivant le paiement, sans identifiant ni mot de passe, et il est couvert par une garantie de remplacement de 30 jours.",
  "Se envía como regalo a tu nombre de usuario en un plazo de 12 a 24 horas tras el pago, sin necesidad de iniciar sesión ni de contraseña, y cuenta con una garantía de reemplazo de 30 días.",
);

const ROOM_DELIVERY = L(
  "Our team adds the room to your account by hand within 12–24 hours after payment; account login is required.",
  "Notre équipe ajoute la salle à votre compte manuellement dans les 12 à 24 heures suivant le paiement ; la connexion à votre compte est nécessaire.",
  "Nuestro equipo añade la sala a tu cuenta manualmente en un plazo de 12 a 24 horas tras el pago; se requiere el acceso a tu cuenta.",
);

const BUNDLE_DELIVERY = L(
  "Both items are uploaded manually to your account by our team within 12–24 hours after payment. Account login is required and the account must be VIP Platinum or above.",
  "Les deux articles sont ajoutés manuellement à votre compte par notre équipe dans les 12 à 24 heures suivant le paiement. La connexion à votre compte est nécessaire et celui-ci doit être VIP Platinum ou supérieur.",
  "Nuestro equipo sube manualmente los dos artículos a tu cuenta en un plazo de 12 a 24 horas tras el pago. Se requiere el acceso a tu cuenta, que debe ser VIP Platinum o superior.",
);

const COMPATIBILITY = L("Works on both mobile and PC.", "Fonctionne sur mobile comme sur PC.", "Funciona tanto en móvil como en PC.");

const TRACK_PERMANENT = L(
  "Delivered by hand within 12–24 hours after payment",
  "Livré manuellement dans les 12 à 24 heures suivant le paiement",
  "Entrega manual en un plazo de 12 a 24 horas tras el pago",
);

const TRACK_GIFT = L(
  "Gifted to your username within 12–24 hours after payment",
  "Offert à votre nom d'utilisateur dans les 12 à 24 heures suivant le paiement",
  "Enviado como regalo a tu nombre de usuario en 12 a 24 horas tras el pago",
);

const TRACK_BUNDLE = L(
  "Both items delivered by hand within 12–24 hours after payment",
  "Les deux articles sont livrés manuellement dans les 12 à 24 heures suivant le paiement",
  "Ambos artículos se entregan manualmente en 12 a 24 horas tras el pago",
);

const F_ACTIONS = (n: number): Triple => [`${n}+ animated actions`, `Plus de ${n} actions animées`, `Más de ${n} acciones animadas`];
const F_GESTURES: Triple = ["Gestures included", "Gestes inclus", "Gestos incluidos"];
const F_PLATFORMS: Triple = ["Works on mobile and PC", "Fonctionne sur mobile et PC", "Funciona en móvil y PC"];
const F_SKIN: Record<SkinCompatibility, Triple> = {
  any: ["Compatible with any skin tone", "Compatible avec toutes les carnations", "Compatible con cualquier tono de piel"],
  black: ["Made for black-skin avatars", "Conçu pour les avatars à peau noire", "Diseñado para avatares de piel negra"],
  dark: ["Made for dark-skin avatars", "Conçu pour les avatars à peau foncée", "Diseñado para avatares de piel oscura"],
};
const F_PERMANENT: Triple = [
  "Permanent edition, manual upload (VIP Platinum+)",
  "Édition permanente, ajout manuel (VIP Platinum et plus)",
  "Edición permanente, subida manual (VIP Platinum o superior)",
];
const F_GIFT: Triple = [
  "Gifted to your username, 30-day replacement warranty",
  "Offert à votre nom d'utilisateur, garantie de remplacement de 30 jours",
  "Regalo a tu nombre de usuario, garantía de reemplazo de 30 días",
];
const F_POSES = (n: number): Triple => [`${n} poses`, `${n} poses`, `${n} poses`];
const F_ROOM_DELIVERY: Triple = [
  "Added to your account within 12–24 hours",
  "Ajoutée à votre compte sous 12 à 24 heures",
  "Añadida a tu cuenta en 12 a 24 horas",
];

// ---------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------

interface Common {
  id: string;
  title: string;
  priceCents: number;
  originalPriceCents: number;
  rating: number;
  reviews: number;
  extraViews?: number;
  hasVideo?: boolean;
  badge?: Badge;
  description: Localized;
  /** Product-specific opening of the full description. */
  intro: Localized;
  /** One product-specific feature, listed first. */
  highlight: Triple;
}

function base(c: Common) {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    priceCents: c.priceCents,
    originalPriceCents: c.originalPriceCents,
    rating: c.rating,
    reviews: c.reviews,
    images: images(c.id, c.extraViews ?? 0),
    ...(c.hasVideo ? { videoUrl: video(c.id) } : {}),
    ...(c.badge ? { badge: c.badge } : {}),
    platforms: PLATFORMS,
  };
}

interface TriggerInput extends Common {
  actionCount: 20 | 25;
  skin?: SkinCompatibility;
}

function permanentTrigger(t: TriggerInput): SeedProduct {
  const skin = t.skin ?? "any";
  return {
    ...base(t),
    trackingInfo: TRACK_PERMANENT,
    fullDescription: join(t.intro, PERMANENT_DELIVERY, COMPATIBILITY),
    category: "Permanent Triggers",
    features: feats(t.highlight, F_ACTIONS(t.actionCount), F_GESTURES, F_SKIN[skin], F_PLATFORMS, F_PERMANENT),
    inStock: true,
    type: "trigger",
    audience: "male",
    skin,
    actionCount: t.actionCount,
    gestures: true,
    delivery: "manual-upload",
    warrantyDays: 0,
    listed: true,
  };
}

function giftTrigger(t: TriggerInput): SeedProduct {
  const skin = t.skin ?? "any";
  return {
    ...base(t),
    trackingInfo: TRACK_GIFT,
    fullDescription: join(t.intro, GIFT_DELIVERY, COMPATIBILITY),
    category: "Gifting Triggers",
    features: feats(t.highlight, F_ACTIONS(t.actionCount), F_GESTURES, F_SKIN[skin], F_PLATFORMS, F_GIFT),
    inStock: true,
    type: "trigger",
    audience: "male",
    skin,
    actionCount: t.actionCount,
    gestures: true,
    delivery: "username-gift",
    warrantyDays: 30,
    listed: true,
  };
}

interface RoomInput extends Common {
  poses: number;
  inStock?: boolean;
  listed?: boolean;
}

function room(r: RoomInput): SeedProduct {
  return {
    ...base(r),
    trackingInfo: TRACK_PERMANENT,
    fullDescription: join(r.intro, ROOM_DELIVERY, COMPATIBILITY),
    category: "Rooms",
    features: feats(r.highlight, F_POSES(r.poses), F_PLATFORMS, F_ROOM_DELIVERY),
    inStock: r.inStock ?? true,
    type: "room",
    audience: "everyone",
    skin: "any",
    poses: r.poses,
    gestures: false,
    delivery: "manual-upload",
    warrantyDays: 0,
    listed: r.listed ?? true,
  };
}

interface BundleInput extends Common {
  items: readonly [BundleItem, BundleItem];
  actionCount: 20 | 25;
  poses: number;
}

function bundle(b: BundleInput): SeedProduct {
  const [a, c] = b.items;
  const includes = (item: BundleItem): Triple => [`Includes ${item.title}`, `Comprend ${item.title}`, `Incluye ${item.title}`];
  return {
    ...base(b),
    trackingInfo: TRACK_BUNDLE,
    fullDescription: join(b.intro, BUNDLE_DELIVERY, COMPATIBILITY),
    category: "Bundles" satisfies Category,
    features: feats(includes(a), includes(c), b.highlight, F_PLATFORMS),
    inStock: true,
    type: "bundle",
    audience: "mixed" satisfies Audience,
    skin: "any",
    actionCount: b.actionCount,
    poses: b.poses,
    gestures: true,
    delivery: "manual-upload",
    warrantyDays: 0,
    bundleItems: b.items,
    listed: true,
  };
}

// ---------------------------------------------------------------------------
// Catalogue (SPEC §3 order, then the coupon-only tramp-house)
// ---------------------------------------------------------------------------

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  permanentTrigger({
    id: "king-cummy",
    title: "King Cummy",
    priceCents: 3499,
    originalPriceCents: 5499,
    rating: 4.9,
    reviews: 412,
    extraViews: 1,
    badge: "Best Seller",
    actionCount: 20,
    description: L(
      "The classic King Cummy pack: a full set of adult animated actions for your avatar, permanent on your account.",
      "Le pack classique King Cummy : un ensemble complet d'actions animées pour adultes pour votre avatar, permanent sur votre compte.",
      "El clásico paquete King Cummy: un conjunto completo de acciones animadas para adultos para tu avatar, permanente en tu cuenta.",
    ),
    intro: L(
      "King Cummy is our long-standing favourite: more than 20 smooth animated actions with gestures, started straight from the chat in any compatible room.",
      "King Cummy est notre grand classique : plus de 20 actions animées fluides avec gestes, à lancer directement depuis le chat dans n'importe quelle salle compatible.",
      "King Cummy es nuestro gran clásico: más de 20 acciones animadas fluidas con gestos, que se activan directamente desde el chat en cualquier sala compatible.",
    ),
    highlight: ["Our long-standing favourite", "Notre grand classique", "Nuestro gran clásico"],
  }),
  permanentTrigger({
    id: "king-cummy-v8-new",
    title: "KCUMMY-V8-TRIGGER",
    priceCents: 5999,
    originalPriceCents: 7499,
    rating: 4.8,
    reviews: 127,
    badge: "New Release",
    actionCount: 25,
    description: L(
      "The all-new eighth version of the King Cummy trigger, with reworked animations and more actions.",
      "La toute nouvelle huitième version du trigger King Cummy, avec des animations retravaillées et davantage d'actions.",
      "La nueva octava versión del trigger King Cummy, con animaciones renovadas y más acciones.",
    ),
    intro: L(
      "KCUMMY-V8-TRIGGER rebuilds the King Cummy set from the ground up: more than 25 animated actions, smoother transitions and updated gestures.",
      "KCUMMY-V8-TRIGGER reconstruit entièrement l'ensemble King Cummy : plus de 25 actions animées, des transitions plus fluides et des gestes mis à jour.",
      "KCUMMY-V8-TRIGGER reconstruye por completo el conjunto King Cummy: más de 25 acciones animadas, transiciones más suaves y gestos actualizados.",
    ),
    highlight: ["Reworked, smoother animations", "Animations retravaillées et plus fluides", "Animaciones renovadas y más fluidas"],
  }),
  permanentTrigger({
    id: "1",
    title: "KKONG-V4-TRIGGER",
    priceCents: 4999,
    originalPriceCents: 6499,
    rating: 4.9,
    reviews: 356,
    extraViews: 1,
    hasVideo: true,
    badge: "Bestseller",
    actionCount: 25,
    description: L(
      "King Kong V4: a powerful pack of adult animated actions and gestures, permanent on your account.",
      "King Kong V4 : un pack puissant d'actions animées pour adultes et de gestes, permanent sur votre compte.",
      "King Kong V4: un potente paquete de acciones animadas para adultos y gestos, permanente en tu cuenta.",
    ),
    intro: L(
      "KKONG-V4-TRIGGER is the fan-favourite King Kong edition, with more than 25 expressive animated actions and gestures you start from the chat.",
      "KKONG-V4-TRIGGER est l'édition King Kong préférée des fans, avec plus de 25 actions animées expressives et des gestes à lancer depuis le chat.",
      "KKONG-V4-TRIGGER es la edición King Kong favorita de los fans, con más de 25 acciones animadas expresivas y gestos que se activan desde el chat.",
    ),
    highlight: ["The fan-favourite King Kong edition", "L'édition King Kong préférée des fans", "La edición King Kong favorita de los fans"],
  }),
  permanentTrigger({
    id: "2",
    title: "VENOM-TRIGGER",
    priceCents: 5499,
    originalPriceCents: 7999,
    rating: 4.8,
    reviews: 241,
    extraViews: 2,
    hasVideo: true,
    badge: "Premium",
    actionCount: 25,
    description: L(
      "VENOM: a bold, premium pack of adult animated actions with intense, fluid motion.",
      "VENOM : un pack premium audacieux d'actions animées pour adultes, aux mouvements intenses et fluides.",
      "VENOM: un atrevido paquete premium de acciones animadas para adultos, con movimientos intensos y fluidos.",
    ),
    intro: L(
      "VENOM-TRIGGER brings a darker, more intense style to your avatar, with more than 25 carefully animated actions and matching gestures.",
      "VENOM-TRIGGER apporte un style plus sombre et plus intense à votre avatar, avec plus de 25 actions soigneusement animées et des gestes assortis.",
      "VENOM-TRIGGER aporta un estilo más oscuro e intenso a tu avatar, con más de 25 acciones cuidadosamente animadas y gestos a juego.",
    ),
    highlight: ["Intense, premium animation style", "Style d'animation intense et premium", "Estilo de animación intenso y premium"],
  }),
  permanentTrigger({
    id: "5",
    title: "KKONG-V5-TRIGGER",
    priceCents: 5999,
    originalPriceCents: 6499,
    rating: 4.7,
    reviews: 88,
    badge: "New",
    actionCount: 25,
    description: L(
      "King Kong V5: the latest King Kong trigger, with new adult animated actions and refined gestures.",
      "King Kong V5 : le dernier trigger King Kong, avec de nouvelles actions animées pour adultes et des gestes affinés.",
      "King Kong V5: el trigger King Kong más reciente, con nuevas acciones animadas para adultos y gestos mejorados.",
    ),
    intro: L(
      "KKONG-V5-TRIGGER is the newest King Kong release: more than 25 animated actions, new sequences and refined gestures built on the V4 favourite.",
      "KKONG-V5-TRIGGER est la plus récente version King Kong : plus de 25 actions animées, de nouvelles séquences et des gestes affinés, dans la lignée de la V4.",
      "KKONG-V5-TRIGGER es la versión King Kong más reciente: más de 25 acciones animadas, nuevas secuencias y gestos mejorados, basados en la popular V4.",
    ),
    highlight: ["New sequences on top of V4", "Nouvelles séquences par rapport à la V4", "Nuevas secuencias respecto a la V4"],
  }),
  giftTrigger({
    id: "king-kong-ultra-gift",
    title: "King Kong Ultra Gift Trigger",
    priceCents: 3800,
    originalPriceCents: 5499,
    rating: 4.8,
    reviews: 198,
    extraViews: 1,
    badge: "Popular",
    actionCount: 20,
    description: L(
      "King Kong Ultra, gifted straight to your username: adult animated actions with gestures, no login needed.",
      "King Kong Ultra, offert directement à votre nom d'utilisateur : des actions animées pour adultes avec gestes, sans connexion.",
      "King Kong Ultra, enviado directamente a tu nombre de usuario: acciones animadas para adultos con gestos, sin iniciar sesión.",
    ),
    intro: L(
      "King Kong Ultra Gift Trigger packs more than 20 animated actions with gestures into an easy gift for your avatar.",
      "King Kong Ultra Gift Trigger réunit plus de 20 actions animées avec gestes dans un cadeau simple pour votre avatar.",
      "King Kong Ultra Gift Trigger reúne más de 20 acciones animadas con gestos en un regalo sencillo para tu avatar.",
    ),
    highlight: ["No login or password needed", "Aucun identifiant ni mot de passe requis", "Sin inicio de sesión ni contraseña"],
  }),
  giftTrigger({
    id: "king-kong-4k-edition-gift",
    title: "King Kong 4K Edition Gift Trigger",
    priceCents: 3800,
    originalPriceCents: 5499,
    rating: 4.9,
    reviews: 143,
    badge: "New",
    actionCount: 20,
    skin: "black",
    description: L(
      "King Kong in a high-detail 4K edition, made for black-skin avatars and gifted to your username.",
      "King Kong dans une édition 4K très détaillée, conçue pour les avatars à peau noire et offerte à votre nom d'utilisateur.",
      "King Kong en una edición 4K muy detallada, diseñada para avatares de piel negra y enviada como regalo a tu nombre de usuario.",
    ),
    intro: L(
      "King Kong 4K Edition Gift Trigger features high-detail textures tuned for black-skin avatars, with more than 20 animated actions and gestures.",
      "King Kong 4K Edition Gift Trigger propose des textures très détaillées adaptées aux avatars à peau noire, avec plus de 20 actions animées et des gestes.",
      "King Kong 4K Edition Gift Trigger ofrece texturas muy detalladas adaptadas a avatares de piel negra, con más de 20 acciones animadas y gestos.",
    ),
    highlight: ["High-detail 4K textures", "Textures 4K très détaillées", "Texturas 4K muy detalladas"],
  }),
  giftTrigger({
    id: "fat-bull-black-monster-gift",
    title: "Fat Bull Black Monster Gift Trigger",
    priceCents: 4499,
    originalPriceCents: 6499,
    rating: 4.8,
    reviews: 176,
    extraViews: 1,
    badge: "Value for Money",
    actionCount: 25,
    skin: "dark",
    description: L(
      "Fat Bull Black Monster: our largest gift pack, with 25 adult animated actions for dark-skin avatars.",
      "Fat Bull Black Monster : notre plus grand pack cadeau, avec 25 actions animées pour adultes pour les avatars à peau foncée.",
      "Fat Bull Black Monster: nuestro paquete de regalo más grande, con 25 acciones animadas para adultos para avatares de piel oscura.",
    ),
    intro: L(
      "Fat Bull Black Monster Gift Trigger is the biggest of our gifting triggers: more than 25 animated actions with gestures, designed for dark-skin avatars.",
      "Fat Bull Black Monster Gift Trigger est le plus complet de nos triggers cadeaux : plus de 25 actions animées avec gestes, conçues pour les avatars à peau foncée.",
      "Fat Bull Black Monster Gift Trigger es el más completo de nuestros triggers de regalo: más de 25 acciones animadas con gestos, diseñadas para avatares de piel oscura.",
    ),
    highlight: ["Our largest gifting pack", "Notre plus grand pack cadeau", "Nuestro paquete de regalo más grande"],
  }),
  room({
    id: "4",
    title: "TRAMP-ROOM",
    priceCents: 2999,
    originalPriceCents: 5499,
    rating: 4.8,
    reviews: 219,
    extraViews: 1,
    hasVideo: true,
    badge: "Popular",
    poses: 12,
    description: L(
      "A gritty, cosy hideout room, fully furnished with built-in poses for two.",
      "Une planque rustique et chaleureuse, entièrement meublée, avec des poses intégrées pour deux.",
      "Un escondite rústico y acogedor, totalmente amueblado, con poses integradas para dos.",
    ),
    intro: L(
      "TRAMP-ROOM is a rough-edged urban hideout with a lived-in look, furnished throughout and packed with 12 poses for you and your partner.",
      "TRAMP-ROOM est une planque urbaine brute au charme usé, meublée de bout en bout et dotée de 12 poses pour vous et votre partenaire.",
      "TRAMP-ROOM es un escondite urbano de aspecto desgastado, amueblado por completo y con 12 poses para ti y tu pareja.",
    ),
    highlight: ["Fully furnished urban hideout", "Planque urbaine entièrement meublée", "Escondite urbano totalmente amueblado"],
  }),
  room({
    id: "6",
    title: "BADBOSS-ROOM",
    priceCents: 3999,
    originalPriceCents: 5499,
    rating: 4.9,
    reviews: 164,
    hasVideo: true,
    badge: "Premium",
    poses: 14,
    description: L(
      "A sleek executive penthouse office with a city view and built-in poses.",
      "Un bureau-penthouse de direction élégant, avec vue sur la ville et poses intégrées.",
      "Una elegante oficina ático de ejecutivo, con vistas a la ciudad y poses integradas.",
    ),
    intro: L(
      "BADBOSS-ROOM puts you in charge: a luxurious top-floor office with a leather sofa, a large desk, a city skyline and 14 poses.",
      "BADBOSS-ROOM vous met aux commandes : un bureau luxueux au dernier étage, avec canapé en cuir, grand bureau, vue sur les gratte-ciel et 14 poses.",
      "BADBOSS-ROOM te pone al mando: una lujosa oficina en la última planta, con sofá de cuero, gran escritorio, vistas a los rascacielos y 14 poses.",
    ),
    highlight: ["Luxury office with skyline view", "Bureau de luxe avec vue sur la ville", "Oficina de lujo con vistas a la ciudad"],
  }),
  room({
    id: "7",
    title: "3SOME-ROOM",
    priceCents: 3999,
    originalPriceCents: 5499,
    rating: 4.8,
    reviews: 201,
    extraViews: 1,
    hasVideo: true,
    badge: "Bestseller",
    poses: 16,
    description: L(
      "A spacious lounge room designed for groups, with poses for up to three avatars.",
      "Un salon spacieux pensé pour les groupes, avec des poses jusqu'à trois avatars.",
      "Un salón amplio pensado para grupos, con poses para hasta tres avatares.",
    ),
    intro: L(
      "3SOME-ROOM is a spacious, softly lit lounge with a wide bed and sofas, offering 16 poses for two or three avatars.",
      "3SOME-ROOM est un salon spacieux à l'éclairage tamisé, avec un grand lit et des canapés, qui propose 16 poses pour deux ou trois avatars.",
      "3SOME-ROOM es un salón amplio con luz tenue, una cama grande y sofás, que ofrece 16 poses para dos o tres avatares.",
    ),
    highlight: ["Poses for up to three avatars", "Poses jusqu'à trois avatars", "Poses para hasta tres avatares"],
  }),
  room({
    id: "8",
    title: "Bunker Room",
    priceCents: 3499,
    originalPriceCents: 5499,
    rating: 4.7,
    reviews: 73,
    badge: "Exclusive",
    poses: 10,
    inStock: false,
    description: L(
      "A hidden underground bunker with industrial décor and private corners.",
      "Un bunker souterrain caché, au décor industriel et aux recoins intimes.",
      "Un búnker subterráneo oculto, con decoración industrial y rincones privados.",
    ),
    intro: L(
      "Bunker Room is a secret underground hideaway with concrete walls, neon accents and 10 poses spread across its private corners.",
      "Bunker Room est un refuge souterrain secret aux murs de béton et aux touches de néon, avec 10 poses réparties dans ses recoins intimes.",
      "Bunker Room es un refugio subterráneo secreto con paredes de hormigón y toques de neón, con 10 poses repartidas por sus rincones privados.",
    ),
    highlight: ["Industrial décor with neon lights", "Décor industriel avec néons", "Decoración industrial con luces de neón"],
  }),
  room({
    id: "9",
    title: "Dirty Projector",
    priceCents: 3499,
    originalPriceCents: 5499,
    rating: 4.8,
    reviews: 112,
    extraViews: 1,
    hasVideo: true,
    badge: "New",
    poses: 12,
    description: L(
      "A private screening room with a big projector screen, plush seating and poses.",
      "Une salle de projection privée avec grand écran, fauteuils moelleux et poses.",
      "Una sala de proyección privada con pantalla grande, asientos mullidos y poses.",
    ),
    intro: L(
      "Dirty Projector is a dimly lit private cinema with a large projection screen, plush sofas and 12 poses for movie night.",
      "Dirty Projector est un cinéma privé à la lumière tamisée, avec un grand écran de projection, des canapés moelleux et 12 poses pour vos soirées film.",
      "Dirty Projector es un cine privado con luz tenue, una gran pantalla de proyección, sofás mullidos y 12 poses para noches de película.",
    ),
    highlight: ["Large projection screen", "Grand écran de projection", "Gran pantalla de proyección"],
  }),
  room({
    id: "10",
    title: "Netflix N Chill",
    priceCents: 4699,
    originalPriceCents: 6499,
    rating: 5,
    reviews: 287,
    hasVideo: true,
    badge: "Best Seller",
    poses: 18,
    description: L(
      "A cosy living room made for relaxed evenings, with a huge TV and 18 poses.",
      "Un salon douillet fait pour les soirées détente, avec une immense télé et 18 poses.",
      "Una sala de estar acogedora para noches tranquilas, con una televisión enorme y 18 poses.",
    ),
    intro: L(
      "Netflix N Chill recreates the perfect night in: a cosy living room with a huge TV, soft rugs, a deep sofa and 18 poses.",
      "Netflix N Chill recrée la soirée idéale à la maison : un salon douillet avec une immense télé, des tapis moelleux, un canapé profond et 18 poses.",
      "Netflix N Chill recrea la noche perfecta en casa: una sala de estar acogedora con una televisión enorme, alfombras suaves, un sofá amplio y 18 poses.",
    ),
    highlight: ["Our room with the most poses", "Notre salle avec le plus de poses", "Nuestra sala con más poses"],
  }),
  bundle({
    id: "venom-firsty-bundle",
    title: "Venom Firsty Bundle",
    priceCents: 6999,
    originalPriceCents: 10499,
    rating: 4.9,
    reviews: 96,
    extraViews: 1,
    badge: "Bundle Deal",
    actionCount: 25,
    poses: 16,
    items: [
      { productId: "2", title: "VENOM-TRIGGER", priceCents: 5499 },
      { productId: "7", title: "3SOME-ROOM", priceCents: 3999 },
    ],
    description: L(
      "VENOM-TRIGGER and 3SOME-ROOM together in one bundle, for less than buying them separately.",
      "VENOM-TRIGGER et 3SOME-ROOM réunis dans un seul pack, pour moins cher qu'à l'unité.",
      "VENOM-TRIGGER y 3SOME-ROOM juntos en un solo pack, por menos que comprándolos por separado.",
    ),
    intro: L(
      "This bundle pairs the premium VENOM-TRIGGER animated actions with the spacious 3SOME-ROOM, so you get a trigger pack and a furnished room to use it in.",
      "Ce pack associe les actions animées premium de VENOM-TRIGGER à la spacieuse 3SOME-ROOM : un pack de triggers et une salle meublée pour en profiter.",
      "Este pack combina las acciones animadas premium de VENOM-TRIGGER con la amplia 3SOME-ROOM: un paquete de triggers y una sala amueblada para disfrutarlo.",
    ),
    highlight: ["Cheaper than buying both separately", "Moins cher que les deux articles à l'unité", "Más barato que comprar ambos por separado"],
  }),
  bundle({
    id: "king-kong-v4-tramp-house-bundle",
    title: "KKONG-V4 + Tramp House Bundle",
    priceCents: 5999,
    originalPriceCents: 10499,
    rating: 4.8,
    reviews: 134,
    badge: "Value for Money",
    actionCount: 25,
    poses: 12,
    items: [
      { productId: "1", title: "KKONG-V4-TRIGGER", priceCents: 4999 },
      { productId: "4", title: "TRAMP-ROOM", priceCents: 2999 },
    ],
    description: L(
      "KKONG-V4-TRIGGER plus TRAMP-ROOM: the fan-favourite King Kong pack with a furnished hideout, at a bundle price.",
      "KKONG-V4-TRIGGER et TRAMP-ROOM : le pack King Kong préféré des fans avec une planque meublée, à prix groupé.",
      "KKONG-V4-TRIGGER y TRAMP-ROOM: el paquete King Kong favorito de los fans con un escondite amueblado, a precio de pack.",
    ),
    intro: L(
      "This bundle combines the KKONG-V4-TRIGGER animated actions with the TRAMP-ROOM hideout, a complete starter set for your avatar.",
      "Ce pack réunit les actions animées de KKONG-V4-TRIGGER et la planque TRAMP-ROOM, un ensemble complet pour bien démarrer avec votre avatar.",
      "Este pack reúne las acciones animadas de KKONG-V4-TRIGGER y el escondite TRAMP-ROOM, un conjunto completo para empezar con tu avatar.",
    ),
    highlight: ["A complete starter set", "Un ensemble complet pour bien démarrer", "Un conjunto completo para empezar"],
  }),
  room({
    id: "tramp-house",
    title: "Tramp House Room",
    priceCents: 2999,
    originalPriceCents: 5499,
    rating: 4.8,
    reviews: 64,
    poses: 12,
    listed: false,
    description: L(
      "A laid-back, fully furnished house room, offered free with the new-user coupon.",
      "Une maison décontractée et entièrement meublée, offerte avec le code promo nouvel utilisateur.",
      "Una casa relajada y totalmente amueblada, gratis con el cupón de nuevo usuario.",
    ),
    intro: L(
      "Tramp House Room is a relaxed, lived-in house with a sofa corner, a bedroom area and 12 poses. It is the free room of the new-user coupon.",
      "Tramp House Room est une maison détendue au charme vécu, avec un coin canapé, un espace chambre et 12 poses. C'est la salle offerte avec le code promo nouvel utilisateur.",
      "Tramp House Room es una casa relajada con encanto vivido, con un rincón de sofá, una zona de dormitorio y 12 poses. Es la sala gratuita del cupón de nuevo usuario.",
    ),
    highlight: ["Free with the new-user coupon", "Offerte avec le code promo nouvel utilisateur", "Gratis con el cupón de nuevo usuario"],
  }),
];

/** The seed as the storefront's products (what a freshly seeded database serves): for tests. */
export function seedCatalogue(): Product[] {
  const blank = { en: "", fr: "", es: "" };
  return SEED_PRODUCTS.map((p, position) => ({
    ...p,
    titles: { en: p.title, fr: p.title, es: p.title },
    seoTitle: blank,
    seoDescription: blank,
    position,
    archived: false,
  }));
}
