import { z } from "../zod";
import { LANGS } from "../lang-path";
import { newsletterSchema } from "../validation";
import { defineContract } from "./contract";
import { NEWSLETTER_PATH } from "./endpoints";

/** POST /api/newsletter: subscribes an address; `lang` is the language of later mail. */
export const newsletterApi = defineContract<{ ok: true }>()(
  NEWSLETTER_PATH,
  newsletterSchema.extend({ lang: z.enum(LANGS).default("en") }),
);
