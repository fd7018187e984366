/**
 * Media in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, Backblaze B2…) through AWS
 * SDK v3, so several server processes, or a CDN in front of the bucket, serve the same files. An
 * object appears only once its upload completes (S3 semantics), so readers never see half a file.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { Transform, type Readable } from "node:stream";
import { assertMediaKey, assertMediaPrefix, publicUrlOf, type MediaObjectInfo, type MediaStorage } from "./storage.server";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (and the test server); unset = AWS. */
  endpoint?: string;
  /** Unset = the SDK's default chain (AWS_* variables, instance or task role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted services). */
  forcePathStyle: boolean;
  publicBase: string;
  /** Every key is stored under this prefix (`private/` for private files in the media bucket); list() strips it. */
  keyPrefix?: string;
}

const notFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === "NoSuchKey" || error.name === "NotFound");

function createS3Client(options: Omit<S3StorageOptions, "bucket" | "publicBase">): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible services refuse the newer
    // default (CRC32 trailers on every upload).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function createS3Storage(options: S3StorageOptions, client: S3Client = createS3Client(options)): MediaStorage {
  const Bucket = options.bucket;
  const prefix = options.keyPrefix ?? "";
  /** The object key for one of our keys (checked first). */
  const Key = (key: string) => {
    assertMediaKey(key);
    return prefix + key;
  };

  return {
    kind: "s3",
    publicBase: options.publicBase,

    async put(key, body, { contentType, size }) {
      const objectKey = Key(key);
      if (Buffer.isBuffer(body)) {
        if (size !== undefined && size !== body.length) throw new Error(`Media ${key}: expected ${size} bytes, got ${body.length}`);
        await client.send(new PutObjectCommand({ Bucket, Key: objectKey, Body: body, ContentType: contentType, ContentLength: body.length }));
        return;
      }
      // A stream of any length: multipart in 8 MB parts above that, one PUT below.
      let written = 0;
      const counted = body.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            written += chunk.length;
            done(null, chunk);
          },
        }),
      );
      body.once("error", (error) => counted.destroy(error));
      await new Upload({ client, params: { Bucket, Key: objectKey, Body: counted, ContentType: contentType }, partSize: 8 * 1024 * 1024, queueSize: 2 }).done();
      if (size !== undefined && written !== size) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey }));
        throw new Error(`Media ${key}: expected ${size} bytes, got ${written}`);
      }
    },

    async get(key, range) {
      const objectKey = Key(key);
      try {
        const reply = await client.send(new GetObjectCommand({ Bucket, Key: objectKey, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        return (reply.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async head(key): Promise<MediaObjectInfo | null> {
      const objectKey = Key(key);
      try {
        const reply = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey }));
        return { size: reply.ContentLength ?? 0, contentType: reply.ContentType, etag: reply.ETag, lastModified: reply.LastModified };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },

    async *list(listPrefix = "") {
      assertMediaPrefix(listPrefix);
      const keyPrefix = prefix;
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: keyPrefix + listPrefix || undefined })) {
        for (const object of page.Contents ?? []) {
          if (object.Key !== undefined && object.Key.startsWith(keyPrefix)) yield { key: object.Key.slice(keyPrefix.length), size: object.Size ?? 0 };
        }
      }
    },

    url(key) {
      return publicUrlOf(options.publicBase, key);
    },
  };
}
