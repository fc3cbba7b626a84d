# syntax=docker/dockerfile:1
#
# One Dockerfile for every Node process of Lectern. Build from the repository root:
#
#   docker build -f deploy/docker/node.Dockerfile --target service --build-arg SERVICE=sermons -t lectern/sermons .
#   docker build -f deploy/docker/node.Dockerfile --target worker -t lectern/worker .
#   docker build -f deploy/docker/node.Dockerfile --target edge   -t lectern/edge .
#
# TypeScript runs natively on Node 24 (type stripping), so the server-side images hold sources and
# production dependencies only: no compile step, no dev dependencies. Only the front-end bundles
# (webpack) and the Temporal workflow bundle are built, in throw-away stages.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---------------------------------------------------------------------------------------------
# manifests: exactly what `npm install` reads (not `npm ci`: see ADR 0001). npm checks the lock against every workspace's
# package.json, so all of them are copied (and nothing else), which keeps the dependency layers
# cached until a manifest or the lock changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY shell/host/package.json shell/host/
COPY shell/kit/package.json shell/kit/
COPY shell/build/package.json shell/build/
COPY mfe-marketing/package.json mfe-marketing/
COPY mfe-staff/package.json mfe-staff/
COPY mfe-member/package.json mfe-member/
COPY mfe-console/package.json mfe-console/
COPY services/kit/package.json services/kit/
COPY services/events/package.json services/events/
COPY services/identity/package.json services/identity/
COPY services/sermons/package.json services/sermons/
COPY services/billing/package.json services/billing/
COPY services/comms/package.json services/comms/
COPY services/migration/package.json services/migration/
COPY workflows/package.json workflows/
COPY deploy/local/package.json deploy/local/
COPY deploy/edge/package.json deploy/edge/
COPY deploy/e2e/package.json deploy/e2e/
COPY deploy/consistency/package.json deploy/consistency/

# ---------------------------------------------------------------------------------------------
# deps: the full tree (dev dependencies included) for the build stages.
# --ignore-scripts: the root devDependency `node` (docs/adr/0001) would download a second Node
# binary in its preinstall; this image already is Node 24. The other install scripts in the lock
# belong to local-only tooling (embedded-postgres, testcontainers' ssh2) or only print notices
# (protobufjs); @swc/core's native binding comes as an optional dependency without a script.
# The dangling `.bin/node` link is removed so npm scripts use the image's Node.
FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm \
    npm install --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/node node_modules/.bin/node

# ---------------------------------------------------------------------------------------------
# workflow-bundle: the pre-built Temporal workflow bundle production workers load
# (WORKFLOW_BUNDLE_PATH), so the worker does not run webpack at start.
FROM deps AS workflow-bundle
COPY tsconfig.base.json ./
COPY services/events services/events
COPY services/kit services/kit
COPY workflows workflows
RUN npm run build -w workflows

# ---------------------------------------------------------------------------------------------
# web: the shell (Module Federation host) and the four remotes, built by the shared webpack config.
FROM deps AS web
COPY tsconfig.base.json tsconfig.web.json ./
COPY shell shell
COPY mfe-marketing mfe-marketing
COPY mfe-staff mfe-staff
COPY mfe-member mfe-member
COPY mfe-console mfe-console
RUN npm run build -w shell/host -w mfe-marketing -w mfe-staff -w mfe-member -w mfe-console

# ---------------------------------------------------------------------------------------------
# Production dependency trees, one per kind of image. `npm install -w <folder> --omit=dev` installs only
# that workspace's runtime closure (its workspace dependencies are linked, their packages
# installed), so a service image carries neither webpack nor the local launcher's embedded
# Postgres.
FROM manifests AS service-deps
ARG SERVICE=identity
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --ignore-scripts --no-audit --no-fund -w services/${SERVICE}

FROM manifests AS worker-deps
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --ignore-scripts --no-audit --no-fund -w workflows

FROM manifests AS edge-deps
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --ignore-scripts --no-audit --no-fund -w deploy/edge

# ---------------------------------------------------------------------------------------------
# runtime: what every image runs on. Code and dependencies stay owned by root and read-only for
# the `node` user (uid 1000) the processes run as.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY deploy/docker/healthcheck.ts /usr/local/lib/lectern/healthcheck.ts

# ---------------------------------------------------------------------------------------------
# worker: Temporal worker for the sermon pipeline and the RSS migration. ffmpeg normalises audio;
# WORKER_APT_PACKAGES adds what further activities need (e.g. "ffmpeg sox").
FROM runtime AS worker
ARG WORKER_APT_PACKAGES="ffmpeg"
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${WORKER_APT_PACKAGES} \
 && rm -rf /var/lib/apt/lists/*
COPY --from=worker-deps /app /app
COPY services/events services/events
COPY services/kit services/kit
COPY workflows workflows
COPY --from=workflow-bundle /app/workflows/dist/workflow-bundle.js workflows/dist/workflow-bundle.js
ENV WORKFLOW_BUNDLE_PATH=/app/workflows/dist/workflow-bundle.js
WORKDIR /app/workflows
USER node
# The worker serves no HTTP: it only polls Temporal. If it fails it exits and the container
# restarts; its liveness is visible in the Temporal UI (task queue pollers).
HEALTHCHECK NONE
CMD ["node", "src/worker.ts"]

# ---------------------------------------------------------------------------------------------
# edge: the one origin. Serves the shell and remote bundles built above and proxies /api/<service>/
# to the services (IDENTITY_URL, SERMONS_URL, BILLING_URL, COMMS_URL, MIGRATION_URL). The bundles
# sit at the same repository-relative paths as in a checkout, so the edge finds them the same way.
FROM runtime AS edge
COPY --from=edge-deps /app /app
COPY deploy/edge deploy/edge
COPY --from=web /app/shell/host/dist shell/host/dist
COPY --from=web /app/mfe-marketing/dist mfe-marketing/dist
COPY --from=web /app/mfe-staff/dist mfe-staff/dist
COPY --from=web /app/mfe-member/dist mfe-member/dist
COPY --from=web /app/mfe-console/dist mfe-console/dist
WORKDIR /app/deploy/edge
USER node
ENV HOST=0.0.0.0 PORT=8080 HEALTHCHECK_PATH=/healthz
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "/usr/local/lib/lectern/healthcheck.ts"]
CMD ["node", "src/server.ts"]

# ---------------------------------------------------------------------------------------------
# service: one of identity, sermons, billing, comms, migration (build arg SERVICE). Last stage, so
# it is also what a build without --target produces. Besides the service itself the image holds
# the workspace packages services import (service-kit, events, and workflows for the Temporal
# client side); deploy/consistency checks that list against the services' package.json.
FROM runtime AS service
ARG SERVICE=identity
COPY --from=service-deps /app /app
COPY services/events services/events
COPY services/kit services/kit
COPY workflows workflows
COPY services/${SERVICE} services/${SERVICE}
WORKDIR /app/services/${SERVICE}
USER node
# PORT has no default on purpose: the service's config refuses to start without it (compose and
# the k8s manifests set it; ARCHITECTURE.md lists the ports).
ENV SERVICE=${SERVICE} HOST=0.0.0.0
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "/usr/local/lib/lectern/healthcheck.ts"]
CMD ["node", "src/server.ts"]
