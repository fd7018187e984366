/**
 * The media manager's requests to /admin/products/:id/media (app/routes/admin/product-media.ts):
 * the list, the upload (XMLHttpRequest, for its progress), and the small forms. A reply that is not
 * the route's (a proxy's error page, the connection gone) becomes a refusal the seller can read, in
 * the account's language (`t`, docs/decisions/055).
 */
import type { TFunction } from "i18next";
import type { ActionRefused, ActionReply } from "~/domain/seller/action-reply";
import type { SellerMediaRow } from "~/domain/seller/product-media-form";

export interface MediaList {
  items: SellerMediaRow[];
  limits: { image: string; video: string; files: number };
}

export const mediaPath = (productId: string) => `/admin/products/${encodeURIComponent(productId)}/media`;

const refusal = (message: string): ActionRefused => ({ ok: false, message, fieldErrors: {} });

function statusMessage(t: TFunction, status: number): string {
  if (status === 413) return t("adminProduct.media.tooLarge");
  if (status === 401 || status === 403) return t("adminProduct.media.sessionEnded");
  return t("adminProduct.media.status", { status });
}

export async function loadMedia(productId: string, t: TFunction): Promise<MediaList | ActionRefused> {
  try {
    const response = await fetch(mediaPath(productId), { headers: { Accept: "application/json" } });
    if (!response.ok) return refusal(statusMessage(t, response.status));
    return (await response.json()) as MediaList;
  } catch {
    return refusal(t("adminProduct.media.noAnswer"));
  }
}

/** Posts one of the small forms (intent = order | alt | delete). */
export async function postMediaForm(productId: string, fields: Record<string, string>, t: TFunction): Promise<ActionReply> {
  try {
    const response = await fetch(mediaPath(productId), {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const reply = (await response.json().catch(() => null)) as ActionReply | null;
    return reply ?? refusal(statusMessage(t, response.status));
  } catch {
    return refusal(t("adminProduct.media.noAnswer"));
  }
}

/** Sends the upload form's files; `onProgress` gets the share sent so far (0–1). */
export function uploadMedia(productId: string, form: FormData, onProgress: (share: number) => void, t: TFunction): Promise<ActionReply> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", mediaPath(productId));
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let reply: ActionReply | null;
      try {
        reply = JSON.parse(request.responseText) as ActionReply;
      } catch {
        reply = null;
      }
      resolve(reply && typeof reply.message === "string" ? reply : refusal(statusMessage(t, request.status)));
    };
    request.onerror = () => resolve(refusal(t("adminProduct.media.cutOff")));
    request.send(form);
  });
}
