import { defineConfig } from "vitest/config";
import path from "node:path";

// No reactRouter() plugin here: Vitest runs modules directly.
const alias = { "~": path.resolve(import.meta.dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          // Registers every language's strings, as the server does at start.
          setupFiles: ["tests/setup/i18n.ts"],
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["**/*.integration.test.ts"],
          exclude: ["node_modules/**"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
