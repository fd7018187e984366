/**
 * Why an upload was refused, in words the seller can act on (the console is English only). A route
 * answers `error.status` with `error.message`; `code` is for tests and logs.
 */
export type MediaErrorCode =
  | "not_multipart"
  | "cut_off"
  | "malformed"
  | "too_many_files"
  | "too_many_fields"
  | "file_too_large"
  | "upload_too_large"
  | "path_in_name"
  | "empty_file"
  | "svg_refused"
  | "unsupported_type"
  | "wrong_kind"
  | "too_many_pixels"
  | "too_long"
  | "corrupt"
  | "poster_required";

const STATUS: Record<MediaErrorCode, number> = {
  not_multipart: 415,
  cut_off: 400,
  malformed: 400,
  too_many_files: 413,
  too_many_fields: 413,
  file_too_large: 413,
  upload_too_large: 413,
  path_in_name: 400,
  empty_file: 422,
  svg_refused: 415,
  unsupported_type: 415,
  wrong_kind: 415,
  too_many_pixels: 422,
  too_long: 422,
  corrupt: 422,
  poster_required: 422,
};

export class MediaError extends Error {
  override name = "MediaError";
  readonly status: number;
  constructor(
    readonly code: MediaErrorCode,
    message: string,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const megabytes = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
