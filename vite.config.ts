import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";
import { visualizer } from "rollup-plugin-visualizer";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which mounts the React Router handler.
  build: isSsrBuild ? { rollupOptions: { input: "./server/build-entry.ts" } } : undefined,
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  ssr: { external: ["@electric-sql/pglite", "pg"] },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // ANALYZE=1 npm run build: the browser bundle's composition in $BUILD_DIR/stats.html (and .json).
    ...(process.env.ANALYZE && !isSsrBuild
      ? [
          visualizer({ filename: `${process.env.BUILD_DIR ?? "build"}/stats.html`, gzipSize: true, template: "treemap" }),
          visualizer({ filename: `${process.env.BUILD_DIR ?? "build"}/stats.json`, gzipSize: true, template: "raw-data" }),
        ]
      : []),
  ],
  server: { watch: { ignored: ["**/data/**", "**/test-results/**"] } },
}));
