import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";

const CLASSIC_ZOD = { name: "zod", message: "Import z from ~/domain/zod (Zod Mini); classic zod only in *.server.ts." };

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".e2e-data/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Icons come from the sprite (docs/decisions/020): a lucide component would inline its paths in every page.
    // Classic zod is for server modules only: in a browser bundle it cannot be tree-shaken (docs/decisions/025).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            CLASSIC_ZOD,
            { name: "lucide-react", message: "Use ~/components/ui/icon (add the icon there and run npm run icons)." },
            { name: "react-i18next", importNames: ["useTranslation"], message: "Use ~/i18n/use-translation (docs/decisions/023)." },
          ],
        },
      ],
    },
  },
  {
    // The domain core is shared by browser and server: pure TypeScript only.
    files: ["app/domain/**/*.ts"],
    ignores: ["app/domain/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [CLASSIC_ZOD],
          patterns: [
            { group: ["react", "react-*", "react/*", "react-router", "@react-router/*"], message: "app/domain must not import React." },
            { group: ["node:*", "fs", "path", "crypto", "os", "http", "stream"], message: "app/domain must not import Node APIs." },
            {
              group: ["drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*", "**/db/*", "**/*.server", "**/*.server.ts"],
              message: "app/domain must not touch the database or server code.",
            },
            { group: ["~/components/*", "~/state/*", "~/server/*", "~/routes/*"], message: "app/domain imports only other domain files and zod." },
          ],
        },
      ],
      "no-restricted-globals": ["error", "window", "document", "localStorage", "process", "Buffer"],
    },
  },
  // Layout is Prettier's (npm run format; checked by npm run lint): no ESLint rule may disagree with it.
  prettier,
);
