/**
 * Seller accounts managed in the console by an owner (docs/decisions/052): the invitation's rules
 * and the forms' fields. Pure: the server applies them, the pages and tests read them.
 */
import { sellerEmailSchema, sellerPasswordSchema } from "../seller-access";
import { z } from "../zod";
import { SELLER_ROLES } from "./permissions";

/** An invitation link works once, for this long. */
export const INVITE_TTL_MS = 24 * 60 * 60_000;

/** The invitation token in the link: 32 random bytes in lowercase hex (route matching ignores case). */
export const inviteTokenSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/));

export const sellerRoleSchema = z.enum(SELLER_ROLES, "Choose owner or staff");

/** The owner's "Invite" form. */
export const inviteFormSchema = z.object({
  email: sellerEmailSchema,
  role: sellerRoleSchema,
});

/** The invitee's "Set your password" form: the password typed twice. */
export const invitePasswordSchema = z
  .object({ password: sellerPasswordSchema, confirm: z.string() })
  .check(z.refine((v) => v.password === v.confirm, { message: "The two passwords differ", path: ["confirm"] }));
