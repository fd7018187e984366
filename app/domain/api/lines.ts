import { z } from "../zod";

/** Cart lines as the browser sends them: ids and quantities only; prices always come from the database. */
export const cartLinesSchema = z.array(z.object({ id: z.string().max(100), quantity: z.number().int().min(1).max(99) })).max(50);
