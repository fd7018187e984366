import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which mounts the React Router handler.
  build: isSsrBuild ? { rollupOptions: { input: "./server/build-entry.ts" } } : undefined,
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  ssr: { external: ["@electric-sql/pglite", "pg"] },
  plugins: [tailwindcss(), reactRouter()],
  server: { watch: { ignored: ["**/data/**", "**/test-results/**"] } },
}));
