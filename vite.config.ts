import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import path from "node:path";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which mounts the React Router handler.
  build: isSsrBuild ? { rollupOptions: { input: "./server/build-entry.ts" } } : undefined,
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  ssr: { external: ["@electric-sql/pglite", "pg"] },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Hashed client files are compressed once at build (brotli and gzip, best levels) and served as
    // is (server/start.js), instead of being compressed again on every request.
    ...(isSsrBuild ? [] : [compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 })]),
  ],
  server: { watch: { ignored: ["**/data/**", "**/test-results/**"] } },
}));
