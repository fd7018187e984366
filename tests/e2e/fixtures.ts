import { test as base, expect, type Browser, type Page } from "@playwright/test";

/**
 * The page's module scripts load after it has painted (no modulepreload hints): a button pressed
 * before React hydrated would do nothing. The root sets `<html data-hydrated>` in an effect; documents
 * React Router does not render (robots.txt, CSV, JSON) have no router context and are ready at once.
 */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true" || !("__reactRouterContext" in window));
}

const hydrating = new WeakSet<Page>();

/** page.goto and page.reload wait for hydration before they return. */
function hydratingLoads(page: Page): void {
  if (hydrating.has(page)) return;
  hydrating.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page["reload"]>) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
}

/**
 * Every page test fails on a console error, an uncaught exception or a React hydration warning:
 * a shopper would meet them as broken pages. Two failed loads are expected and ignored: a 404
 * document (the not-found page itself) and an API call or seller-console form post the page answers
 * with a message (4xx).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Every full page load (goto, reload) returns once the page is hydrated, not merely loaded: in the
  // test's context and in any context a test opens (unless its JavaScript is off).
  context: async ({ context }, use) => {
    context.on("page", hydratingLoads);
    for (const page of context.pages()) hydratingLoads(page);
    await use(context);
  },
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
        const context = await newContext(...args);
        if (args[0]?.javaScriptEnabled !== false) context.on("page", hydratingLoads);
        return context;
      };
      await use(browser);
      browser.newContext = newContext;
    },
    { scope: "worker" },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        const failedLoad = /Failed to load resource/.test(msg.text());
        const url = msg.location().url;
        const expected =
          failedLoad &&
          ((/status of 404/.test(msg.text()) && url === page.url()) ||
            (/status of 4\d\d/.test(msg.text()) &&
              (/\/api\//.test(url) || /\/admin(\/[^?]*)?\.data(\?|$)/.test(url) || /\/admin\/products\/[^/]+\/media$/.test(url))));
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
