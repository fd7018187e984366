/**
 * What the buyer agreed to when ordering, kept on the order so a dispute can be answered: the time
 * the age gate was confirmed (18+) and the version of the terms of service in force.
 */
import { z } from "./zod";

/** Bumped whenever the terms of service change in substance (date of the change). */
export const TERMS_VERSION = "2025-11-01";

/** The age gate's confirmation time as sent by the browser; a time in the future is refused. */
export const ageConfirmedAtSchema = z
  .pipe(
    z.iso.datetime({ offset: true }),
    z.transform((value: string) => new Date(value)),
  )
  .check(z.refine((date) => date.getTime() <= Date.now() + 5 * 60_000, "age confirmation in the future"));
