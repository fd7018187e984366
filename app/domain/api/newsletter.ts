import { z } from "zod";
import { LANGS } from "../lang-path";
import { newsletterSchema } from "../validation";
import { defineContract } from "./contract";

/** POST /api/newsletter: signs an address up (pending until its confirmation mail is followed); `lang` is the mails' language. */
export const newsletterApi = defineContract<{ ok: true }>()(
  "/api/newsletter",
  newsletterSchema.extend({ lang: z.enum(LANGS).default("en") }),
);
