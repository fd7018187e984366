// Plain constants that both a contract and its page-side endpoint use: one path each, and no import circle.
export const COUPON_PATH = "/api/coupon";
export const NEWSLETTER_PATH = "/api/newsletter";
export const REVIEWS_PATH = "/api/reviews";
