/**
 * Delivery proofs (issue 29, docs/decisions/043): the screenshots a seller attaches to a delivery or
 * re-delivery. Each is checked and re-encoded by the media pipeline (EXIF and every other metadata
 * block dropped, one bounded JPEG), stored in the PRIVATE storage (services.privateFiles) under
 * `delivery-proofs/<order>/<random>.jpg` — never a public media key — and recorded in
 * `delivery_proofs`. Only two routes serve them, each checking who asks first: the console's (a
 * signed-in seller) and the buyer's (the order's signed link).
 */
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { and, asc, eq } from "drizzle-orm";
import { DELIVERY_PROOF_FIELD, MAX_DELIVERY_PROOFS, type DeliveryProofView } from "~/domain/delivery-proofs";
import { deliveryProofs } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Media } from "../media/media.server";
import { MediaError } from "../media/media-error.server";
import type { PrivateStorage } from "../media/private-storage.server";
import type { Upload } from "../media/upload.server";
import type { OrderTx } from "./orders.server";

/** A proof stored in the private storage, not yet recorded. */
export interface StoredProof {
  key: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
}

/** What one delivery's screenshots became: the stored files, and how to undo them if the delivery fails. */
export interface StoredProofs {
  proofs: StoredProof[];
  discard(): Promise<void>;
}

export const NO_PROOFS: StoredProofs = { proofs: [], discard: async () => {} };

export const isMultipart = (request: Request) => /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");

/**
 * Reads a deliver/re-deliver form posted as multipart (no JavaScript needed): at most
 * MAX_DELIVERY_PROOFS files in the `proofs` field, each within the photo limit, streamed to
 * temporary files that are gone once `handle` returns. `handle` gets the text fields as FormData.
 * A refused upload (too many, too big, cut off) answers `refuse(status, reason)` instead.
 */
export async function withProofUpload<T>(
  media: Media,
  request: Request,
  handle: (form: FormData, upload: Upload) => Promise<T>,
  refuse: (status: number, message: string) => T,
): Promise<T> {
  try {
    return await media.withUploadLimited(
      request,
      {
        maxFiles: MAX_DELIVERY_PROOFS,
        maxFileBytes: media.limits.imageBytes,
        maxTotalBytes: MAX_DELIVERY_PROOFS * media.limits.imageBytes,
        maxFields: 20,
        maxFieldBytes: 16 * 1024,
      },
      async (upload) => {
        const stray = upload.files.find((file) => file.field !== DELIVERY_PROOF_FIELD);
        if (stray) throw new MediaError("malformed", `Unexpected file field "${stray.field.slice(0, 40)}": screenshots go in "${DELIVERY_PROOF_FIELD}".`);
        const form = new FormData();
        for (const [name, value] of upload.fields) form.append(name, value);
        return handle(form, upload);
      },
    );
  } catch (error) {
    if (error instanceof MediaError) {
      const message = error.code === "too_many_files" ? `At most ${MAX_DELIVERY_PROOFS} screenshots can go with one delivery.` : error.message;
      return refuse(error.status, message);
    }
    throw error;
  }
}

const proofKey = (orderId: string) => `delivery-proofs/${orderId}/${randomBytes(16).toString("hex")}.jpg`;

/**
 * Processes and stores an upload's screenshots in the private storage, all or nothing: a refused
 * file (not an image, too large, damaged) throws its MediaError and nothing stays stored.
 */
export async function storeProofs(deps: { media: Media; privateFiles: PrivateStorage }, orderId: string, upload: Upload | null): Promise<StoredProofs> {
  const files = upload?.files.filter((file) => file.field === DELIVERY_PROOF_FIELD) ?? [];
  if (files.length === 0) return NO_PROOFS;
  const proofs: StoredProof[] = [];
  const discard = async () => {
    for (const proof of proofs) await deps.privateFiles.delete(proof.key).catch(() => {});
  };
  try {
    for (const file of files) {
      const image = await deps.media.processProofImage(file);
      const key = proofKey(orderId);
      await deps.privateFiles.put(key, image.data, { contentType: image.contentType, size: image.data.length });
      proofs.push({ key, contentType: image.contentType, size: image.data.length, width: image.width, height: image.height });
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { proofs, discard };
}

/** Records stored proofs with their delivery, inside the delivery's own transaction. */
export async function recordProofs(tx: OrderTx, orderId: string, deliveryId: number | null, proofs: readonly StoredProof[], now: Date): Promise<void> {
  if (proofs.length === 0) return;
  await tx.insert(deliveryProofs).values(proofs.map((proof) => ({ orderId, deliveryId, ...proof, createdAt: now })));
}

/** An order's proofs, oldest first, as pages show them. */
export async function orderProofs(db: Db | OrderTx, orderId: string): Promise<DeliveryProofView[]> {
  const rows = await db.select().from(deliveryProofs).where(eq(deliveryProofs.orderId, orderId)).orderBy(asc(deliveryProofs.id));
  return rows.map((row) => ({ id: row.id, width: row.width, height: row.height, deliveryId: row.deliveryId, createdAt: row.createdAt.toISOString() }));
}

/** An order's proof rows with their keys (the dispute evidence reads the files). */
export async function orderProofFiles(db: Db, orderId: string) {
  return db.select().from(deliveryProofs).where(eq(deliveryProofs.orderId, orderId)).orderBy(asc(deliveryProofs.id));
}

/** Where proof files are read from (services.privateFiles), for rooms that may not import the media. */
export type ProofFiles = Pick<PrivateStorage, "get">;

/** Reads a whole proof file (the dispute evidence attaches it); null when it is gone from storage. */
export async function readProofFile(privateFiles: ProofFiles, key: string): Promise<Buffer | null> {
  const stream = await privateFiles.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The response serving proof `proofId` of order `orderId` — the caller has already checked who is
 * asking. A proof of another order, an unknown id or a file gone from storage: null (the route's 404).
 */
export async function proofResponse(db: Db, privateFiles: PrivateStorage, orderId: string, proofId: string): Promise<Response | null> {
  const id = Number(proofId);
  if (!/^\d{1,9}$/.test(proofId) || !Number.isSafeInteger(id)) return null;
  const [row] = await db
    .select()
    .from(deliveryProofs)
    .where(and(eq(deliveryProofs.id, id), eq(deliveryProofs.orderId, orderId)));
  if (!row) return null;
  const stream = await privateFiles.get(row.key);
  if (!stream) return null;
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": row.contentType,
      "Content-Length": String(row.size),
      // Private: never kept by a shared cache, never sent on as a referrer, never run as a document.
      "Cache-Control": "private, max-age=3600",
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
