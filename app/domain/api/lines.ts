import { z } from "../zod";

/** Cart lines as the browser sends them: ids and quantities only; prices always come from the database. */
export const cartLinesSchema = z
  .array(z.object({ id: z.string().check(z.maxLength(100)), quantity: z.int().check(z.gte(1), z.lte(99)) }))
  .check(z.maxLength(50));
