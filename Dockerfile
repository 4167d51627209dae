# syntax=docker/dockerfile:1
#
# Production image: the API process, which also serves the built web app, on one port.
# Several containers of it run behind a load balancer on one PostgreSQL, Redis and S3 bucket:
# see compose.yaml. Without DATABASE_URL it falls back to PGlite under /app/data (one process only).
#
#   docker build -t residency .
#   docker run -p 3000:3000 -e JWT_SECRET=... -v residency-data:/app/data residency

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency, then the web app into apps/web/dist --------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# @playwright/test is a root devDependency; the image never runs a browser.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Manifests first: the install layer is reused until a package file changes.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/web apps/web
RUN npm run build

# ---- runtime: production dependencies of the server, its sources and the built web app -----
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    # The memory settings npm start gives itself (scripts/start.ts says why): two malloc arenas,
    # large blocks mapped alone, and V8's old space capped, so the server stays under 512 MB.
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
# The lockfile names all three workspaces, so npm needs the web app's manifest to install, but
# only the server's workspaces are installed: React, Ant Design and the rest stay in the build.
# Optional dependencies are kept: sharp's prebuilt linux binary (@img/sharp-linux-*) is one.
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace @residency/api --workspace @residency/shared \
    && npm cache clean --force
COPY packages/shared/src packages/shared/src
COPY apps/api/src apps/api/src
COPY --from=build /app/apps/web/dist apps/web/dist
# The data directory (PGlite, mail files and uploads when no SMTP/S3 is set) belongs to the
# unprivileged user; a named volume mounted here takes over this ownership.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# 200 when the database answers, 503 otherwise. Slim images have no curl: node asks.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --start-interval=2s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The web app is already built: start the server itself, not scripts/start.ts (it would rebuild).
CMD ["node", "--max-old-space-size=192", "--max-semi-space-size=8", "apps/api/src/server.ts"]
