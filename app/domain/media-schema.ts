/**
 * The check of a stored media description read back from the database (docs/decisions/030). Kept
 * apart from ./media so that pages rendering pictures do not carry zod (docs/decisions/025).
 */
import type { MediaDescription } from "./media";
import { z } from "./zod";

const dimension = z.int().check(z.positive());
const imageVariantSchema = z.object({
  format: z.enum(["avif", "webp", "jpeg", "png", "svg"]),
  width: dimension,
  height: dimension,
  key: z.string().check(z.minLength(1)),
  bytes: z.int().check(z.nonnegative()),
});
export const imageMediaSchema = z.object({
  kind: z.literal("image"),
  width: dimension,
  height: dimension,
  fallback: z.enum(["jpeg", "png", "svg"]),
  variants: z.array(imageVariantSchema).check(z.minLength(1)),
});
export const videoMediaSchema = z.object({
  kind: z.literal("video"),
  format: z.enum(["mp4", "webm"]),
  key: z.string().check(z.minLength(1)),
  bytes: z.int().check(z.nonnegative()),
  width: z.optional(dimension),
  height: z.optional(dimension),
  poster: imageMediaSchema,
});
/** For descriptions read back from the database (JSON): refuse anything a page could not render. */
export const mediaDescriptionSchema: z.ZodMiniType<MediaDescription> = z.discriminatedUnion("kind", [imageMediaSchema, videoMediaSchema]);
