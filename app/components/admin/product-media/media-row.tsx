import { useId, useState } from "react";
import { useDropTarget } from "~/components/admin/use-drop-target";
import { TextField } from "~/components/admin/kit/fields";
import { Button } from "~/components/ui/button";
import { useConsole } from "~/components/admin/use-console";
import type { ActionReply } from "~/domain/seller/action-reply";
import { MAX_ALT_LENGTH, type SellerMediaRow } from "~/domain/seller/product-media-form";

const MEDIA_ROW_DRAG = "text/x-media-row";

/**
 * One photo or the video: its picture, what was stored, its alt texts (English, French, Spanish),
 * and its place: dragged, or moved one step with the buttons (keyboard), or deleted after a confirm.
 */
export function MediaRow({
  item,
  index,
  count,
  busy,
  onMove,
  onSaveAlt,
  onDelete,
  onDragStart,
  onDrop,
}: {
  item: SellerMediaRow;
  index: number;
  count: number;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  onSaveAlt: (alt: SellerMediaRow["alt"]) => Promise<ActionReply>;
  onDelete: () => Promise<ActionReply>;
  onDragStart: () => void;
  onDrop: () => void;
}) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  // Only another row is taken here; dropped files go on to the card's drop zone around the list.
  const { over, dropProps } = useDropTarget(onDrop, MEDIA_ROW_DRAG);
  const { t } = useConsole();
  const name = item.kind === "video" ? t("adminProduct.media.videoName") : t("adminProduct.media.photoName", { n: index + 1 });
  // In the middle of a sentence: "Move photo 2 up", "Monter la photo 2".
  const inSentence = item.kind === "video" ? t("adminProduct.media.videoNameLower") : t("adminProduct.media.photoNameLower", { n: index + 1 });

  const saveAlt = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (field: string) => String(form.get(field) ?? "");
    void onSaveAlt({ en: text("altEn"), fr: text("altFr"), es: text("altEs") });
  };

  return (
    <li
      aria-labelledby={headingId}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(MEDIA_ROW_DRAG, String(index));
        event.dataTransfer.effectAllowed = "move";
        onDragStart();
      }}
      {...dropProps}
      className={`grid gap-3 rounded-md border p-3 sm:grid-cols-[8rem_1fr] ${over ? "border-brand-500 bg-brand-50" : "border-slate-200"}`}
      data-testid="media-row"
    >
      <div className="flex flex-col gap-2">
        <img
          src={item.thumb}
          alt=""
          width={item.width}
          height={item.height}
          loading="lazy"
          className="h-32 w-32 cursor-move rounded bg-slate-100 object-contain"
        />
        {item.video && (
          <a href={item.video} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center text-xs font-semibold text-brand-700 underline">
            {t("adminProduct.media.openVideo")}
          </a>
        )}
      </div>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {index + 1}. {name}
            {index === 0 && <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-xs text-brand-900">{t("adminProduct.media.main")}</span>}
          </h3>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={busy || index === 0}
              onClick={() => onMove(-1)}
              aria-label={t("adminProduct.media.moveUpLabel", { name: inSentence })}
            >
              {t("adminProduct.media.moveUp")}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={busy || index === count - 1}
              onClick={() => onMove(1)}
              aria-label={t("adminProduct.media.moveDownLabel", { name: inSentence })}
            >
              {t("adminProduct.media.moveDown")}
            </Button>
            {confirming ? (
              <>
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={() => void onDelete().finally(() => setConfirming(false))}
                  aria-label={t("adminProduct.media.yesDeleteLabel", { name: inSentence })}
                >
                  {t("adminProduct.media.yesDelete")}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                  {t("adminProduct.media.keep")}
                </Button>
              </>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => setConfirming(true)}
                aria-label={t("adminProduct.media.deleteLabel", { name: inSentence })}
              >
                {t("adminProduct.media.delete")}
              </Button>
            )}
          </div>
        </div>
        <p className="mt-1 text-xs text-slate-600">{item.summary}</p>
        <form onSubmit={saveAlt} className="mt-3 grid gap-3 sm:grid-cols-3" aria-label={t("adminProduct.media.altForm", { name: inSentence })}>
          <TextField
            label={t("adminProduct.media.altEn")}
            name="altEn"
            defaultValue={item.alt.en}
            maxLength={MAX_ALT_LENGTH}
            hint={t("adminProduct.media.altEnHint")}
          />
          <TextField
            label={t("adminProduct.media.altFr")}
            name="altFr"
            defaultValue={item.alt.fr}
            maxLength={MAX_ALT_LENGTH}
            hint={item.alt.fr ? undefined : t("adminProduct.media.altEmpty")}
          />
          <TextField
            label={t("adminProduct.media.altEs")}
            name="altEs"
            defaultValue={item.alt.es}
            maxLength={MAX_ALT_LENGTH}
            hint={item.alt.es ? undefined : t("adminProduct.media.altEmpty")}
          />
          <div className="sm:col-span-3">
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              {t("adminProduct.media.saveAlt")}
            </Button>
          </div>
        </form>
      </div>
    </li>
  );
}
