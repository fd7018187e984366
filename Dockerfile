# Production image: docker build -t trigger-shop . && docker run -p 3000:3000 -e SESSION_SECRET=… trigger-shop
# Several processes behind a load balancer share one PostgreSQL: set DATABASE_URL and the same
# SESSION_SECRET on each (README, "Running in production").
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm install, as the README and CI do: the lockfile keeps the versions, but it lacks other
# platforms' optional packages (esbuild/rollup/tailwind binaries), which `npm ci` refuses.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# The heap limit of `npm start` (README, Performance figures: V8 grows a larger heap than it needs).
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data NODE_OPTIONS="--max-old-space-size=192 --max-semi-space-size=8"
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server/start.js /app/server/supervise.js ./server/
COPY --from=build /app/db/migrations ./db/migrations
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The supervisor restarts the shop process whenever it dies (docs/decisions/026); it is PID 1 and
# passes docker stop's SIGTERM on for a graceful stop.
CMD ["node", "--liftoff-only", "server/supervise.js"]
