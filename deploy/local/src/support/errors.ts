/**
 * An error meant for a person: one line saying what is wrong and what to do. The CLI prints only
 * its message (no stack trace).
 */
export class InfraError extends Error {
  override readonly name = 'InfraError';
}

export function portTakenError(port: number, component: string, envVar: string, what: string): InfraError {
  return new InfraError(
    `port ${port} (${component}) is already in use — stop what holds it or set ${envVar} to use that ${what}`,
  );
}
