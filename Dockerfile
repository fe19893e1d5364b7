# syntax=docker/dockerfile:1
# One image, two roles: the API (default command) and the worker (`node dist/worker.js`).

ARG NODE_IMAGE=node:20.20-bookworm-slim

# --- build: all dependencies, compile TypeScript + the console bundle to dist/ ------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json nest-cli.json ./
COPY src ./src
# The review console (Vite) builds into dist/console, which the API serves under /console/.
COPY console ./console
RUN npm run build

# --- prod-deps: runtime dependencies only ----------------------------------------------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime -----------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root package.json ./
COPY --chown=root:root i18n ./i18n
# Migrations are compiled into dist/ and applied by the API at start-up (RUN_MIGRATIONS). By hand:
#   docker compose exec api node node_modules/typeorm/cli.js migration:show -d dist/infra/database/data-source.js
# Code stays root-owned and read-only for the app; only DATA_DIR (embedded database when
# DATABASE_URL is unset) is writable by the unprivileged `node` user (uid 1000).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness (no curl in slim images: Node's fetch). Readiness for load balancers: GET /api/readyz.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js"]
