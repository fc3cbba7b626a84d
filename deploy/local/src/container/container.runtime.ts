import type { Infra, StartInfraOptions } from '../types.ts';
export async function startContainerInfra(_options: StartInfraOptions): Promise<Infra> {
  throw new Error('not yet');
}
