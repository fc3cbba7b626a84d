import type { Infra, StartInfraOptions } from './types.ts';
import { detectContainerRuntime } from './container/detect.ts';
import { startProcessInfra } from './process.runtime.ts';

export type { ComponentName, Infra, InfraEndpoints, StartInfraOptions } from './types.ts';
export { InfraError } from './support/errors.ts';
export { detectContainerRuntime } from './container/detect.ts';

/** Which runtime 'auto' resolves to on this machine. */
export async function resolveRuntime(requested: StartInfraOptions['runtime'] = 'auto'): Promise<'process' | 'container'> {
  if (requested !== 'auto') return requested;
  return (await detectContainerRuntime()) ? 'container' : 'process';
}

/**
 * Starts the local infrastructure (or attaches to the parts whose variables point at existing
 * deployments) and resolves when every part answers a real request.
 */
export async function startInfra(options: StartInfraOptions): Promise<Infra> {
  const runtime = await resolveRuntime(options.runtime ?? (process.env.LECTERN_RUNTIME as StartInfraOptions['runtime']) ?? 'auto');
  if (runtime === 'container') {
    const { startContainerInfra } = await import('./container/container.runtime.ts');
    return startContainerInfra(options);
  }
  return startProcessInfra(options);
}
