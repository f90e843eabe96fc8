# Parley: the compiled server and the built web app on Node.js 22 (LTS; 24, the other supported line, with
# `--build-arg NODE_VERSION=24`). Three stages: `build` installs every dependency and builds both; `deps` installs
# the production dependencies alone; the final stage copies the two builds and those dependencies, and runs as the
# unprivileged `node` user with its data in /data.
#   docker build -t parley .        docker run -p 3080:3080 -v parley-data:/data parley
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app
# Only for a native module without a prebuilt binary for this platform (better-sqlite3, argon2, sharp have them
# for linux x64 and arm64); the final stage has none of it.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY packages/sim/package.json packages/sim/

FROM base AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts/ scripts/
COPY packages/ packages/
RUN npm run build -- --force

FROM base AS deps
# The workspace link folders may be absent when npm hoists everything; the final stage copies them either way.
RUN npm ci --omit=dev --no-audit --no-fund \
  && mkdir -p packages/server/node_modules \
  && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3080 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules/
COPY --from=deps /app/packages/server/node_modules packages/server/node_modules/
COPY package.json ./
COPY packages/server/package.json packages/server/
COPY --from=build /app/packages/server/dist packages/server/dist/
COPY --from=build /app/packages/web/dist packages/web/dist/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3080) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations run at start; `node packages/server/dist/migrate.js` applies them alone.
CMD ["node", "packages/server/dist/main.js"]
