import { Agent, get } from "node:http";
import { expect, test } from "./fixtures";

/**
 * A client that reuses an idle connection (a browser, a proxy, Playwright's request context) must not
 * have its request cut: Node's default closed idle sockets after 5 s, and a form post sent at that
 * moment died with ECONNRESET (docs/decisions/059). The shop keeps them longer than a proxy's 60 s.
 */

/** GET `url` through `agent`: the status, and whether the request went out on a socket kept from before. */
function fetchThrough(agent: Agent, url: string): Promise<{ status: number; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, reusedSocket: request.reusedSocket }));
    });
    request.on("error", reject);
  });
}

test("a connection left idle for 6 s still carries the next request", async ({ baseURL }) => {
  test.setTimeout(20_000);
  // One socket, kept: an agent drops a socket the server closes, so a second request on a new one means the shop hung up.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect(await fetchThrough(agent, `${baseURL}/robots.txt`)).toEqual({ status: 200, reusedSocket: false });
    // Idle past Node's 5 s default: the behaviour under test is the wait itself.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await fetchThrough(agent, `${baseURL}/robots.txt`)).toEqual({ status: 200, reusedSocket: true });
  } finally {
    agent.destroy();
  }
});
