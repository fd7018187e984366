import { z } from "../zod";
import { isPlausibleSealedLogin, SEALED_LOGIN_MAX_CHARS, type HandoffStage, type LoginDeletionReason, type LoginEventKind } from "../login-handoff";
import { ORDER_ID_PATTERN } from "../order-id";
import { defineContract } from "./contract";

/** The shop's active public key, as the buyer's browser seals to it. */
export interface PublicSellerKey {
  id: number;
  /** X25519 public key, base64. */
  publicKey: string;
}

/** The order's login as its buyer sees it: never the ciphertext, never who revealed it. Times are ISO strings. */
export interface BuyerHandoffView {
  stage: HandoffStage;
  login:
    | { state: "none" }
    | { state: "received"; receivedAt: string; replacedAt: string | null }
    | { state: "deleted"; deletedAt: string; reason: LoginDeletionReason };
  /** Oldest first. */
  events: { kind: LoginEventKind; at: string; reason: LoginDeletionReason | null }[];
  /** The key to seal to; null when the shop has none yet or the order takes no login now. */
  key: PublicSellerKey | null;
  /** The login is deleted by then at the latest (7 days after payment); null before payment. */
  deleteBy: string | null;
  may: { submit: boolean; replace: boolean; withdraw: boolean };
}

/**
 * Every call names the order and carries its signed access key (the status page's `k`): the key is
 * checked before anything is read, and a wrong one answers 404 order_not_found like an unknown order.
 */
const access = {
  orderId: z.string().check(z.regex(ORDER_ID_PATTERN, { error: "order_not_found" })),
  key: z.string({ error: "order_not_found" }).check(z.minLength(1, { error: "order_not_found" }), z.maxLength(128, { error: "order_not_found" })),
};

type HandoffReply = { ok: true; handoff: BuyerHandoffView };

/** POST /api/orders/login/state: what the order page shows about the login. */
export const orderLoginStateApi = defineContract<HandoffReply>()("/api/orders/login/state", z.object(access));

/**
 * POST /api/orders/login: the login sealed in the buyer's browser (crypto_box_seal to `keyId`);
 * stores it, or replaces the one given before while the team has not started.
 */
export const submitOrderLoginApi = defineContract<HandoffReply & { done: "submitted" | "replaced" }>()(
  "/api/orders/login",
  z.object({
    ...access,
    keyId: z.int({ error: "login_key_changed" }).check(z.positive({ error: "login_key_changed" })),
    ciphertext: z
      .string({ error: "login_ciphertext_invalid" })
      .check(
        z.maxLength(SEALED_LOGIN_MAX_CHARS, { error: "login_ciphertext_invalid", abort: true }),
        z.refine(isPlausibleSealedLogin, { error: "login_ciphertext_invalid" }),
      ),
  }),
);

/** POST /api/orders/login/withdraw: the buyer takes the login back (deleted at once). */
export const withdrawOrderLoginApi = defineContract<HandoffReply>()("/api/orders/login/withdraw", z.object(access));
