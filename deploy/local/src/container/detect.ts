import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

// Deciding 'auto' must be quick and must never hang: we only ask the engine's /_ping on the
// sockets where Docker or Podman usually listen, each with a short timeout.

export function candidateSockets(env: NodeJS.ProcessEnv = process.env): string[] {
  const sockets: string[] = [];
  const host = env.DOCKER_HOST;
  if (host?.startsWith('unix://')) sockets.push(host.slice('unix://'.length));
  const runtimeDir = env.XDG_RUNTIME_DIR;
  sockets.push(
    '/var/run/docker.sock',
    path.join(os.homedir(), '.docker', 'run', 'docker.sock'),
    ...(runtimeDir ? [path.join(runtimeDir, 'docker.sock'), path.join(runtimeDir, 'podman', 'podman.sock')] : []),
    '/run/podman/podman.sock',
  );
  return [...new Set(sockets)].filter((socket) => {
    try {
      return fs.statSync(socket).isSocket();
    } catch {
      return false;
    }
  });
}

function ping(socketPath: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ socketPath, path: '/_ping', timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => {
      request.destroy();
      resolve(false);
    });
    request.on('error', () => resolve(false));
  });
}

/** The socket of a container engine that answers, or undefined. A tcp:// DOCKER_HOST is trusted as is. */
export async function detectContainerRuntime(timeoutMs = 1500, env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  if (env.DOCKER_HOST && /^(tcp|https?):\/\//.test(env.DOCKER_HOST)) return env.DOCKER_HOST;
  for (const socket of candidateSockets(env)) {
    if (await ping(socket, timeoutMs)) return socket;
  }
  return undefined;
}
