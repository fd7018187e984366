import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import type { ManualChunksOption } from "rollup";
import path from "node:path";
import { visualizer } from "rollup-plugin-visualizer";

/**
 * The app code every shopper page runs (what the root and the shopper layout import, statically)
 * goes in one "frame" chunk instead of some twenty small ones: fewer requests before the first
 * paint, and it compresses better. Lazily loaded code (dialogs, menus, PayPal) stays apart, since
 * only static imports are followed (docs/decisions/020).
 */
function frameChunk(): ManualChunksOption {
  let frame: Set<string> | null = null;
  return (id, { getModuleIds, getModuleInfo }) => {
    // react-i18next's <Trans> (and the HTML parser it brings) is used by one page (order status):
    // left to Rollup it lands in the frame with the rest of the library, on every page.
    if (/\/node_modules\/(react-i18next\/dist\/es\/(Trans|TransWithoutContext)\.js|html-parse-stringify\/|void-elements\/)/.test(id)) return "i18n-trans";
    if (/\/node_modules\/(react-i18next|i18next|react)\//.test(id)) return "frame";
    if (!frame) {
      frame = new Set();
      const queue = [...getModuleIds()].filter((m) => /\/app\/(root|routes\/lang-layout)\.tsx(\?|$)/.test(m));
      while (queue.length > 0) {
        const next = queue.pop()!;
        if (frame.has(next)) continue;
        frame.add(next);
        queue.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    const own = id.includes("/app/") && !id.includes("/node_modules/") && !/\/app\/(root\.tsx|routes\/)/.test(id);
    return own && frame.has(id) ? "frame" : undefined;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which mounts the React Router handler.
  build: isSsrBuild ? { rollupOptions: { input: "./server/build-entry.ts" } } : { rollupOptions: { output: { manualChunks: frameChunk() } } },
  resolve: {
    alias: [
      { find: "~", replacement: path.resolve(import.meta.dirname, "app") },
      // React 19 has useSyncExternalStore: react-i18next's shim for older Reacts is not shipped.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: path.resolve(import.meta.dirname, "app/lib/use-sync-external-store-shim.ts") },
    ],
  },
  ssr: { external: ["@electric-sql/pglite", "pg"] },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Hashed client files are compressed once at build (brotli and gzip, best levels) and served as
    // is (server/start.js), instead of being compressed again on every request.
    ...(isSsrBuild ? [] : [compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 })]),
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
