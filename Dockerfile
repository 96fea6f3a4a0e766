# syntax=docker/dockerfile:1
# One image for every role, chosen by the command (see docs/operations.md):
#   API:     node dist/src/main.js      (the default)
#   workers: node dist/src/worker.js
#   CLI:     node dist/src/cli.js <command>   e.g. migrate, token create <client> --role Admin

# Node 24 (LTS), pinned by version and digest; deploy/images.json says where the digest came from
# (`npm run compose:check` holds the two together). Both stages use the same image.
# Build: every dependency, the compiled dist/, then only the production dependencies.
FROM node:24.19.0-bookworm-slim@sha256:a9f5f7c91a432850b2a8a7797adf5eadb6c733ceed61167806cee7ea7fbc29df AS build
# The commit the build_info metric shows: docker build --build-arg BUILD_COMMIT=$(git rev-parse HEAD) .
ARG BUILD_COMMIT=unknown
ENV BUILD_COMMIT=$BUILD_COMMIT
WORKDIR /app
COPY package.json package-lock.json ./
# The console's workspace (console/): its packages install with the API's.
COPY console/package.json ./console/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts ./
COPY src ./src
COPY scripts ./scripts
COPY bench ./bench
# The console is built into dist/console, its client typed from the API document.
COPY console ./console
COPY openapi.json ./
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Runtime: Node, tini as PID 1 (signals reach node; zombies are reaped), the app, a non-root user.
FROM node:24.19.0-bookworm-slim@sha256:a9f5f7c91a432850b2a8a7797adf5eadb6c733ceed61167806cee7ea7fbc29df
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    WORKER_PORT=3001 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY assets ./assets
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000 3001 9464
# The API answers on PORT; a worker on WORKER_PORT (compose sets HEALTHCHECK_PORT for workers).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.HEALTHCHECK_PORT||process.env.PORT||3000)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/src/main.js"]
