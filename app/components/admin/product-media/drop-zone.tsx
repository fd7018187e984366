import { useState } from "react";
import { useDropTarget } from "~/components/admin/use-drop-target";
import { useConsole } from "~/components/admin/use-console";
import type { ActionReply } from "~/domain/seller/action-reply";
import { uploadMedia } from "./media-requests";

interface Upload {
  key: number;
  name: string;
  /** 0–1 while sending; 1 while the server processes it. */
  progress: number;
  reply: ActionReply | null;
}

const VIDEO = /^video\//;
let nextKey = 0;

/**
 * Photos and videos dropped onto the media card (issue 33), several at once: each file is its own
 * upload to the same endpoint as the form, one after another (the server numbers positions per
 * upload), each with its own progress bar and its own reply, so one refused file never hides the
 * others. The media list sits inside the zone, so a file dropped on a row is uploaded too. The form
 * above remains the keyboard's way in.
 */
export function DropZone({ productId, onUploaded, children }: { productId: string; onUploaded: () => Promise<void>; children?: React.ReactNode }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const { t } = useConsole();

  const update = (key: number, patch: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  const send = async (files: File[]) => {
    const queued = files.map((file) => ({ file, key: nextKey++ }));
    setUploads((list) => [
      ...list.filter((u) => u.reply === null || !u.reply.ok),
      ...queued.map(({ file, key }) => ({ key, name: file.name, progress: 0, reply: null })),
    ]);
    for (const { file, key } of queued) {
      const form = new FormData();
      // The server checks the bytes; the type only picks the field (a video, or a photo).
      form.append(VIDEO.test(file.type) ? "video" : "photos", file, file.name);
      const reply = await uploadMedia(productId, form, (share) => update(key, { progress: share }), t);
      update(key, { progress: 1, reply });
      if (reply.ok) await onUploaded();
    }
  };

  const { over, dropProps } = useDropTarget((data) => {
    const files = [...data.files];
    if (files.length > 0) void send(files);
  }, "Files");

  return (
    <div
      role="region"
      aria-label={t("adminProduct.media.dropRegion")}
      className={`mt-4 rounded-lg border-2 border-dashed p-4 text-sm ${over ? "border-brand-700 bg-brand-50" : "border-slate-300 text-slate-700"}`}
      {...dropProps}
    >
      {children}
      <p className={children ? "mt-4" : undefined}>{t("adminProduct.media.dropHelp")}</p>
      {uploads.length > 0 && (
        <ul aria-label={t("adminProduct.media.dropped")} className="mt-3 grid gap-2">
          {uploads.map((u) => (
            <li key={u.key} className="grid gap-1">
              <span className="font-semibold text-slate-900">{u.name}</span>
              {u.reply === null ? (
                <label className="flex items-center gap-2 text-slate-700">
                  {u.progress < 1 ? t("adminProduct.media.sending") : t("adminProduct.media.processing")}
                  <progress max={1} value={u.progress < 1 ? u.progress : undefined} className="w-40" />
                </label>
              ) : (
                <span className={u.reply.ok ? "text-emerald-800" : "font-semibold text-red-700"}>
                  {u.reply.ok ? t("adminProduct.media.added") : u.reply.message}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
