import net from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  /** Everything after the head, undecoded (chunk sizes included). */
  body: string;
}

/**
 * Sends `request` byte for byte to 127.0.0.1:port and reads the answer until the server closes the
 * connection (so send `Connection: close`, or HTTP/1.0). Raw, because fetch and the Playwright client refuse to send malformed requests
 * (absolute-form targets, `OPTIONS *`, a broken Host, HTTP/1.0 without one).
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 30_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no complete answer within ${timeoutMs} ms`)));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const headEnd = text.indexOf("\r\n\r\n");
      const [statusLine = "", ...lines] = text.slice(0, headEnd === -1 ? undefined : headEnd).split("\r\n");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
      if (!status) return reject(new Error(`not an HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status, headers, body: headEnd === -1 ? "" : text.slice(headEnd + 4) });
    });
    // Not end(): a half-closed connection makes the server abort the page it is rendering.
    socket.write(request);
  });
}
