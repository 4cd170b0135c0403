# Swap Checkout's production image: `npm start`'s front (server/start.mjs) in front of Next's
# standalone output, as the non-root user `node`. Nothing secret is built in: every variable is read
# when the container starts (docs/deploy.md). ~270 MB on node:20-bookworm-slim's ~200 MB.
#
#   docker build -t swap-checkout .
#   docker run --rm -p 3000:3000 -e SANDBOX=1 swap-checkout      → http://localhost:3000
#
# compose.yaml runs the production-shaped stack (proxy, two instances, Redis, Postgres, sandbox).

# 1. Dependencies, on their own layer: rebuilt only when they change (package.json without its
#    scripts, which change more often, and package-lock.json). The npm cache is kept between builds
#    on the builder (a cache mount, never part of an image).
FROM node:20-bookworm-slim AS manifest
WORKDIR /app
COPY package.json package-lock.json ./
RUN node -e 'const fs = require("fs"); const p = JSON.parse(fs.readFileSync("package.json")); delete p.scripts; fs.writeFileSync("package.json", JSON.stringify(p, null, 2))'

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY --from=manifest /app/package.json /app/package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --prefer-offline --no-audit --no-fund

# 2. The build: Next's standalone server (.next/standalone holds only the files it needs), and the
#    sandbox (`npm run sandbox`, for compose.yaml) bundled into one file that plain node runs.
#    Next's own cache (.next/cache: Turbopack's) is kept between builds on the builder too.
FROM deps AS build
ENV NEXT_TELEMETRY_DISABLED=1 NPM_CONFIG_UPDATE_NOTIFIER=false
COPY . .
RUN --mount=type=cache,target=/app/.next/cache \
    npx next build \
 && npx esbuild scripts/sandbox.ts --bundle --platform=node --format=esm --target=node20 \
      --log-level=warning --outfile=.sandbox/sandbox.mjs

# 3. What runs: the standalone server, its static files, the front and the probes. The code is
#    root's and read-only to the server; only .data (the embedded ledger, when DATABASE_URL is not
#    set) and Next's cache are the server's to write.
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
COPY --from=build /app/server/start.mjs ./server/
COPY --from=build /app/scripts/start.mjs /app/.sandbox/sandbox.mjs ./scripts/
COPY --from=build /app/lib/bff/http/*.mjs ./lib/bff/http/
COPY --from=build /app/lib/observability/logger.mjs ./lib/observability/
COPY --from=build /app/deploy/*.mjs ./deploy/
RUN mkdir -p .data/shared .next/cache && chown -R node:node .data .next/cache
USER node
EXPOSE 3000
# Liveness: GET /api/health on this container's PORT (the image has node, not curl).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
# node itself is PID 1: SIGTERM (docker stop) reaches the front, which drains and exits 0.
CMD ["node", "server/start.mjs"]
