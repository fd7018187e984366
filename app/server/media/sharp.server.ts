import type sharpModule from "sharp";

/**
 * sharp (libvips), loaded on the first image the server handles rather than when it starts: a shop
 * serves pages far more often than it processes uploads, and libvips kept ≈ 25 MB resident in every
 * server from the start (docs/decisions/061). Node caches the module: later calls cost a lookup.
 */
export async function loadSharp(): Promise<typeof sharpModule> {
  const { default: sharp } = await import("sharp");
  // A long-running server: no libvips operation cache holding decoded images, and one thread per
  // image so that a photo being processed leaves the other core to shoppers' requests.
  sharp.cache(false);
  sharp.concurrency(1);
  return sharp;
}
