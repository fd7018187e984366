import { test as base, expect } from "@playwright/test";

/**
 * Every page test fails on a console error, an uncaught exception or a React hydration warning:
 * a shopper would meet them as broken pages. Two failed loads are expected and ignored: a 404
 * document (the not-found page itself) and an API call or seller-console form post the page answers
 * with a message (4xx).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        const failedLoad = /Failed to load resource/.test(msg.text());
        const url = msg.location().url;
        const expected =
          failedLoad &&
          ((/status of 404/.test(msg.text()) && url === page.url()) ||
            (/status of 4\d\d/.test(msg.text()) && (/\/api\//.test(url) || /\/admin(\/[^?]*)?\.data(\?|$)/.test(url))));
        if (!expected && (msg.type() === "error" || /hydrat/i.test(msg.text()))) errors.push(`${msg.text()} (${url})`);
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
