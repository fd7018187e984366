import { z } from "../zod";
import { LANGS } from "../lang-path";
import { newsletterSchema } from "../validation";
import { defineContract } from "./contract";
import { NEWSLETTER_PATH } from "./paths";

/** POST /api/newsletter: signs an address up (pending until its confirmation mail is followed); `lang` is the mails' language. */
export const newsletterApi = defineContract<{ ok: true }>()(NEWSLETTER_PATH, z.extend(newsletterSchema, { lang: z._default(z.enum(LANGS), "en") }));
