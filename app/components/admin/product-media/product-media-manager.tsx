import { useCallback, useEffect, useRef, useState } from "react";
import { Card, Notice } from "~/components/admin/kit/page";
import { useConsole } from "~/components/admin/use-console";
import type { ActionReply } from "~/domain/seller/action-reply";
import { dropInOrder, moveInOrder, type SellerMediaRow } from "~/domain/seller/product-media-form";
import { loadMedia, postMediaForm, uploadMedia, type MediaList } from "./media-requests";
import { MediaRow } from "./media-row";
import { UploadForm } from "./upload-form";
import { DropZone } from "./drop-zone";

/**
 * The product's photos and preview video in the console (docs/decisions/030): upload, put in order
 * (drag, or the Move up / Move down buttons from the keyboard), alt text in three languages, delete.
 * The storefront shows each change at once. Each action's reply shows at the top of the card.
 */
export function ProductMediaManager({ productId }: { productId: string }) {
  const [list, setList] = useState<MediaList | null>(null);
  const [reply, setReply] = useState<ActionReply | null>(null);
  const [busy, setBusy] = useState(false);
  const dragged = useRef<number | null>(null);
  const { t } = useConsole();

  const refresh = useCallback(async () => {
    const loaded = await loadMedia(productId, t);
    if ("items" in loaded) setList(loaded);
    else setReply(loaded);
  }, [productId, t]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  /** Runs one action, shows its reply, and reloads the list after a success. */
  const run = async (action: () => Promise<ActionReply>) => {
    setBusy(true);
    try {
      const answer = await action();
      setReply(answer);
      if (answer.ok) await refresh();
      return answer;
    } finally {
      setBusy(false);
    }
  };

  const items = list?.items ?? [];
  const saveOrder = (order: readonly number[]) => run(() => postMediaForm(productId, { intent: "order", order: order.join(",") }, t));
  const ids = items.map((item) => item.id);

  return (
    <Card title={t("adminProduct.media.title")} className="mt-6">
      {reply && <Notice tone={reply.ok ? "success" : "error"}>{reply.message}</Notice>}
      <UploadForm limits={list?.limits} busy={busy} onUpload={(form, onProgress) => run(() => uploadMedia(productId, form, onProgress, t))} />
      {/* The whole list is inside the drop zone: files dropped on a row upload too, never lost. */}
      <DropZone productId={productId} onUploaded={refresh}>
        {list === null ? (
          <p className="mt-4 text-sm text-slate-600">{t("adminProduct.media.loading")}</p>
        ) : items.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{t("adminProduct.media.empty")}</p>
        ) : (
          <>
            <p className="mt-4 text-sm text-slate-600">{t("adminProduct.media.firstIsMain")}</p>
            <ol aria-label={t("adminProduct.media.inOrder")} className="mt-2 grid gap-3">
              {items.map((item: SellerMediaRow, index) => (
                <MediaRow
                  key={item.id}
                  item={item}
                  index={index}
                  count={items.length}
                  busy={busy}
                  onMove={(step) => void saveOrder(moveInOrder(ids, index, step))}
                  onSaveAlt={(alt) =>
                    run(() => postMediaForm(productId, { intent: "alt", id: String(item.id), altEn: alt.en, altFr: alt.fr, altEs: alt.es }, t))
                  }
                  onDelete={() => run(() => postMediaForm(productId, { intent: "delete", id: String(item.id) }, t))}
                  onDragStart={() => (dragged.current = index)}
                  onDrop={() => {
                    const from = dragged.current;
                    dragged.current = null;
                    if (from !== null && from !== index) void saveOrder(dropInOrder(ids, from, index));
                  }}
                />
              ))}
            </ol>
          </>
        )}
      </DropZone>
      {busy && (
        <p role="status" className="sr-only">
          {t("adminProduct.media.working")}
        </p>
      )}
    </Card>
  );
}
