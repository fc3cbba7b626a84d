// Container health probe used by the images' HEALTHCHECK: GET http://127.0.0.1:$PORT<path> and
// exit 0 on a 2xx answer, 1 otherwise. <path> is $HEALTHCHECK_PATH, else /api/$SERVICE/healthz.
// No imports, so it runs the same whether Node loads it as a script or as a module.
const port = process.env.PORT;
const service = process.env.SERVICE;
const path = process.env.HEALTHCHECK_PATH ?? (service ? `/api/${service}/healthz` : undefined);

if (!port || !path) {
  console.error('healthcheck: set PORT and SERVICE (or HEALTHCHECK_PATH)');
  process.exit(1);
}

const url = `http://127.0.0.1:${port}${path}`;
fetch(url, { signal: AbortSignal.timeout(2500) }).then(
  (response) => {
    if (!response.ok) console.error(`healthcheck: ${url} answered ${response.status}`);
    process.exit(response.ok ? 0 : 1);
  },
  (error: unknown) => {
    console.error(`healthcheck: ${url} did not answer: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
