// Starts the shop: Vite middleware in development (--dev), the built app in production.
import compression from "compression";
import express from "express";

const dev = process.argv.includes("--dev");
const buildDir = process.env.BUILD_DIR ?? "build";

async function main() {
  const outer = express();
  outer.disable("x-powered-by");
  // Compresses static assets and pages alike (pages stream; see docs/decisions/006).
  outer.use(compression());
  let shop;
  if (dev) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    const mod = await vite.ssrLoadModule("./server/app.ts");
    shop = await mod.createShop(() => vite.ssrLoadModule("virtual:react-router/server-build"));
    outer.use(vite.middlewares);
  } else {
    const mod = await import(new URL(`../${buildDir}/server/index.js`, import.meta.url).href);
    shop = await mod.createShop(mod.serverBuild);
    outer.use("/assets", express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }));
    outer.use(express.static(`${buildDir}/client`, { maxAge: "1h", index: false }));
  }
  outer.use(shop.app);
  const server = outer.listen(shop.env.PORT, () => {
    console.log(`Trigger Shop listening on http://localhost:${shop.env.PORT} (${shop.database.kind})`);
  });
  const stop = () => {
    server.close(() => void shop.close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error) => {
  if (error && error.name === "EnvError") console.error(error.message);
  else console.error(error);
  process.exit(1);
});
