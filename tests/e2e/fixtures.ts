import { test as base, expect } from "@playwright/test";

/**
 * Every page test fails on a console error, an uncaught exception or a React hydration warning:
 * a shopper would meet them as broken pages.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" || /hydrat/i.test(msg.text())) errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      // 404 pages log the failed document request; that one is expected.
      expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
