import { connect, type Socket } from "node:net";
import { expect, test } from "./fixtures";

/**
 * A client that reuses an idle connection (a browser, a proxy, Playwright's request context) must not
 * have its request cut: Node's default closed idle sockets after 5 s, and a form post sent at that
 * moment died with ECONNRESET (docs/decisions/059). The shop keeps them longer than a proxy's 60 s.
 */

/** Sends one request on the socket and resolves with the response's status line once the whole body is in (sized or chunked). */
function ask(socket: Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const onData = (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const end = received.indexOf("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(received);
      const complete = length ? received.length >= end + 4 + Number(length[1]) : received.endsWith("\r\n0\r\n\r\n");
      if (end >= 0 && complete) {
        socket.off("data", onData);
        resolve(received.slice(0, received.indexOf("\r\n")));
      }
    };
    socket.on("data", onData);
    socket.once("error", reject);
    socket.once("close", () => reject(new Error(`the shop closed the connection before answering ${path}`)));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\nAccept-Encoding: identity\r\n\r\n`);
  });
}

test("a connection left idle for 6 s still carries the next request", async ({ baseURL }) => {
  test.setTimeout(20_000);
  const socket = connect(Number(new URL(baseURL!).port), "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  try {
    expect(await ask(socket, "/robots.txt")).toBe("HTTP/1.1 200 OK");
    // Idle past Node's 5 s default: the behaviour under test is the wait itself.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(socket.destroyed).toBe(false);
    expect(await ask(socket, "/robots.txt")).toBe("HTTP/1.1 200 OK");
  } finally {
    socket.destroy();
  }
});
