// In-process wake-up for the outbox relay. The database driver (database.ts) reports each commit
// of a transaction that inserted outbox rows; a relay in the same process for that schema drains
// right away. This replaces a NOTIFY per commit, which Postgres serialises (see ADR 0004).

type Wake = () => void;

const relays = new Map<string, Set<Wake>>();

/** A relay registers for its schema; returns the unsubscribe function. */
export function onOutboxCommit(schema: string, wake: Wake): () => void {
  const set = relays.get(schema) ?? new Set<Wake>();
  set.add(wake);
  relays.set(schema, set);
  return () => {
    set.delete(wake);
    if (set.size === 0 && relays.get(schema) === set) relays.delete(schema);
  };
}

/** Wake the relays of this process for `schema`; false when none runs here. */
export function signalOutboxCommit(schema: string): boolean {
  const set = relays.get(schema);
  if (!set || set.size === 0) return false;
  for (const wake of set) wake();
  return true;
}

export function outboxChannel(schema: string): string {
  return `outbox_${schema}`;
}
