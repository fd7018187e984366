/**
 * Everything in one upload, all or nothing: the photos in order, and at most one preview video with
 * its optional poster image. If any file is refused, what the others stored is removed and the
 * refusal's message is what the seller sees.
 */
import type { ImageMedia, MediaDescription, VideoMedia } from "~/domain/media";
import { ingestImage } from "./image-pipeline.server";
import type { Ingested } from "./ingested.server";
import { MediaError } from "./media-error.server";
import type { UploadedFile, Upload } from "./upload.server";
import { ingestVideo, type VideoDeps } from "./video-pipeline.server";

/** The form's file fields: `<input type=file name=photos multiple>`, `name=video`, `name=poster`. */
const MEDIA_UPLOAD_FIELDS = { photos: "photos", video: "video", poster: "poster" } as const;

export interface IngestedUpload {
  photos: Ingested<ImageMedia>[];
  video: Ingested<VideoMedia> | null;
  /** Every description, photos first (the order the seller gave), then the video. */
  media: MediaDescription[];
  /** Removes what this upload stored (for a caller whose own save failed afterwards). */
  discard(): Promise<void>;
}

export async function ingestUpload(upload: Upload, deps: VideoDeps): Promise<IngestedUpload> {
  const byField = (field: string): UploadedFile[] => upload.files.filter((file) => file.field === field);
  const stray = upload.files.find((file) => !Object.values(MEDIA_UPLOAD_FIELDS).includes(file.field as never));
  if (stray) throw new MediaError("malformed", `${stray.name} was sent in an unknown form field ("${stray.field.slice(0, 40)}").`);
  const videos = byField(MEDIA_UPLOAD_FIELDS.video);
  const posters = byField(MEDIA_UPLOAD_FIELDS.poster);
  if (videos.length > 1) throw new MediaError("too_many_files", "A product has one preview video: send one video at a time.");
  if (posters.length > 1) throw new MediaError("too_many_files", "Send one poster image with the video.");
  if (posters.length === 1 && videos.length === 0) throw new MediaError("malformed", `${posters[0].name} was sent as a poster, but there is no video with it.`);

  const done: Ingested<MediaDescription>[] = [];
  try {
    const photos: Ingested<ImageMedia>[] = [];
    for (const file of byField(MEDIA_UPLOAD_FIELDS.photos)) {
      const photo = await ingestImage(file, deps);
      photos.push(photo);
      done.push(photo);
    }
    const video = videos[0] ? await ingestVideo(videos[0], deps, { poster: posters[0] }) : null;
    if (video) done.push(video);
    return {
      photos,
      video,
      media: done.map((item) => item.media),
      discard: async () => {
        for (const item of done) await item.discard();
      },
    };
  } catch (error) {
    // Keys another file of this upload still uses were not created by it, so this never deletes them.
    for (const item of done.reverse()) await item.discard().catch(() => {});
    throw error;
  }
}
