import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useConsole } from "~/components/admin/use-console";
import type { ActionReply } from "~/domain/seller/action-reply";
import type { MediaList } from "./media-requests";

const inputClass = "mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold";

/**
 * Photos (several), the preview video and its optional poster, sent in one upload with its
 * progress. The browser's `accept` only filters the file picker: the server checks the bytes.
 */
export function UploadForm({
  limits,
  busy,
  onUpload,
}: {
  limits: MediaList["limits"] | undefined;
  busy: boolean;
  onUpload: (form: FormData, onProgress: (share: number) => void) => Promise<ActionReply>;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { t } = useConsole();

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setProgress(0);
    const reply = await onUpload(data, setProgress);
    setProgress(null);
    if (reply.ok) form.current?.reset();
  };

  return (
    <form ref={form} onSubmit={(event) => void submit(event)} encType="multipart/form-data" className="grid gap-4 sm:grid-cols-3">
      <div>
        <label htmlFor="media-photos" className="text-sm font-semibold text-slate-800">
          {t("adminProduct.media.photos")}
        </label>
        <input
          id="media-photos"
          name="photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif"
          className={inputClass}
          aria-describedby="media-photos-hint"
        />
        <p id="media-photos-hint" className="mt-1 text-xs text-slate-600">
          {limits ? t("adminProduct.media.photosHintLimit", { size: limits.image }) : t("adminProduct.media.photosHint")}
        </p>
      </div>
      <div>
        <label htmlFor="media-video" className="text-sm font-semibold text-slate-800">
          {t("adminProduct.media.video")}
        </label>
        <input id="media-video" name="video" type="file" accept="video/mp4,video/webm" className={inputClass} aria-describedby="media-video-hint" />
        <p id="media-video-hint" className="mt-1 text-xs text-slate-600">
          {limits ? t("adminProduct.media.videoHintLimit", { size: limits.video }) : t("adminProduct.media.videoHint")}
        </p>
      </div>
      <div>
        <label htmlFor="media-poster" className="text-sm font-semibold text-slate-800">
          {t("adminProduct.media.poster")}
        </label>
        <input
          id="media-poster"
          name="poster"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          className={inputClass}
          aria-describedby="media-poster-hint"
        />
        <p id="media-poster-hint" className="mt-1 text-xs text-slate-600">
          {t("adminProduct.media.posterHint")}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
        <Button type="submit" disabled={busy}>
          {progress !== null ? t("adminProduct.media.uploading") : t("adminProduct.media.upload")}
        </Button>
        {progress !== null && (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            {progress < 1 ? t("adminProduct.media.sending") : t("adminProduct.media.processing")}
            <progress max={1} value={progress < 1 ? progress : undefined} className="w-40" />
          </label>
        )}
      </div>
    </form>
  );
}
