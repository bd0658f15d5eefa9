# syntax=docker/dockerfile:1
# The Station Console as a container image (docs/decisions/044-deployment-example.md):
#   docker build -t station-console .
# The runtime stage holds the production dependencies, the compiled server and the browser
# assets, and the standalone Manager simulator's sources for the example deployment
# (compose.yaml); tests/tooling/production-image.test.ts assembles the same file set from this
# file, installs it with the same `npm ci --omit=dev` and starts it with the same CMD.

FROM node:24-bookworm-slim AS base
WORKDIR /app

# Every dependency, for the build. No install script runs (allowScripts in package.json,
# docs/decisions/008-dependency-install-scripts.md): esbuild and sharp come as prebuilt
# platform packages.
FROM base AS deps
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM base AS runtime
ENV NODE_ENV=production
# serverEnvironment of scripts/server-command.mjs: two malloc arenas per process.
ENV MALLOC_ARENA_MAX=2
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The compiled server (build/server.js and its chunks) and the Remix server build, the
# browser assets (public/build, precompressed) with the locales the server reads.
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# The standalone simulator (compose.yaml's "simulator" service) runs from its sources under tsx,
# a production dependency: the simulator and what it imports of app/ and lib/, and the
# tsconfig.json whose "~/" path tsx resolves in app/domain.
COPY tsconfig.json ./
COPY simulator ./simulator
COPY app/contract ./app/contract
COPY app/domain ./app/domain
COPY lib ./lib
# DATA_DIRECTORY (default ./data): generated secrets, without REDIS_URL the session store, and
# the spool of records the database could not take (compose.yaml gives it a volume).
RUN mkdir data && chown node:node data
USER node
EXPOSE 3000
# Liveness only; a load balancer should ask /readyz. Node's fetch: the slim image has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exactly serverArguments of scripts/server-command.mjs: plain node, the V8 heap limits, the
# compiled server. Node is PID 1 and handles SIGTERM itself (graceful shutdown).
CMD ["node", "--max-old-space-size=192", "--max-semi-space-size=16", "build/server.js"]
