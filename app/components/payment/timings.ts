/** SPEC §9: the payment success toast stays 7 s; the shopper is taken on 2 s after paying. */
export const PAID_TOAST_MS = 7000;
export const PAID_REDIRECT_MS = 2000;
