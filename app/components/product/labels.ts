/** i18n keys for catalogue enums (locale area `catalogue`). Data stays English; labels are translated. */
import type { Audience, Badge, Category, DeliveryType, ProductType, SkinCompatibility } from "~/domain/product";

export const CATEGORY_KEY: Readonly<Record<Category, string>> = {
  "Permanent Triggers": "catalogue.categories.permanentTriggers",
  "Gifting Triggers": "catalogue.categories.giftingTriggers",
  Triggers: "catalogue.categories.triggers",
  Rooms: "catalogue.categories.rooms",
  Bundles: "catalogue.categories.bundles",
};

export const BADGE_KEY: Readonly<Record<Badge, string>> = {
  "Best Seller": "catalogue.badges.bestSeller",
  Popular: "catalogue.badges.popular",
  Premium: "catalogue.badges.premium",
  "New Release": "catalogue.badges.newRelease",
  Bestseller: "catalogue.badges.bestseller",
  New: "catalogue.badges.new",
  Exclusive: "catalogue.badges.exclusive",
  "Bundle Deal": "catalogue.badges.bundleDeal",
  "Value for Money": "catalogue.badges.valueForMoney",
};

export const TYPE_KEY: Readonly<Record<ProductType, string>> = {
  trigger: "catalogue.types.trigger",
  room: "catalogue.types.room",
  bundle: "catalogue.types.bundle",
};

export const AUDIENCE_KEY: Readonly<Record<Audience, string>> = {
  male: "catalogue.audience.male",
  everyone: "catalogue.audience.everyone",
  mixed: "catalogue.audience.mixed",
};

export const SKIN_KEY: Readonly<Record<SkinCompatibility, string>> = {
  any: "catalogue.skin.any",
  black: "catalogue.skin.black",
  dark: "catalogue.skin.dark",
};

export const DELIVERY_KEY: Readonly<Record<DeliveryType, string>> = {
  "manual-upload": "catalogue.delivery.manualUpload",
  "username-gift": "catalogue.delivery.usernameGift",
};
