import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** s3rver's fixed credentials (it checks signatures). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
}

/** A real S3 API (s3rver) on a random loopback port, with one empty bucket, its files in a temp folder. */
export async function startTestS3(bucket = "shop-media"): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "media-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
