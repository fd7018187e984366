import http from "node:http";

export interface BigBodyAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** How many body bytes the client had written when the answer came. */
  sent: number;
}

/**
 * POSTs a body of `totalBytes` to 127.0.0.1:port from a generator — 64 KiB at a time, the same
 * buffer again and again, so the test never holds it — chunked unless `contentLength` is given
 * (then announced, as a browser does). Sending stops as soon as the answer arrives.
 */
export function postBigBody(
  port: number,
  path: string,
  options: { totalBytes: number; headers?: Record<string, string>; contentLength?: boolean; fill?: string },
): Promise<BigBodyAnswer> {
  const piece = Buffer.alloc(64 * 1024, options.fill ?? "a");
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.contentLength) headers["content-length"] = String(options.totalBytes);
    const request = http.request({ host: "127.0.0.1", port, path, method: "POST", headers });
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8"), sent });
      });
      response.on("error", reject);
    });
    // Once answered, the server may close while we write: that is the point, not a failure.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < options.totalBytes) {
        const next = piece.subarray(0, Math.min(piece.length, options.totalBytes - sent));
        sent += next.length;
        if (!request.write(next)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    pump();
  });
}
