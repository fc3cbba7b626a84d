// A Kysely driver around the Postgres one that notices transactions which inserted outbox rows
// and, once such a transaction has committed, wakes the outbox relay: in-process when a relay for
// the schema runs here (the common case, no database round trip), otherwise with one NOTIFY sent
// after the commit (coalesced), so a relay in another process wakes without every writer's commit
// carrying a NOTIFY — Postgres serialises commits that notify.
import { CompiledQuery, PostgresDialect } from 'kysely';
import type { DatabaseConnection, Driver, PostgresDialectConfig, QueryCompiler, QueryResult, TransactionSettings } from 'kysely';
import { outboxChannel, signalOutboxCommit } from './outbox.signal.ts';

type AbortOptions = Parameters<Driver['acquireConnection']>[0];
type CompileQuery = QueryCompiler['compileQuery'];

/** True for an INSERT into a table named `outbox` built with Kysely (what appendEvent runs). */
export function insertsIntoOutbox(query: CompiledQuery): boolean {
  const node = query.query as { kind?: string; into?: { table?: { identifier?: { name?: string } } } } | undefined;
  return node?.kind === 'InsertQueryNode' && node.into?.table?.identifier?.name === 'outbox';
}

class SignallingConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  readonly #onAutocommitInsert: () => void;
  inTransaction = false;
  /** an outbox insert ran in the open transaction */
  appended = false;

  constructor(inner: DatabaseConnection, onAutocommitInsert: () => void) {
    this.inner = inner;
    this.#onAutocommitInsert = onAutocommitInsert;
    if (inner.cancelQuery) this.cancelQuery = (provider) => inner.cancelQuery!(provider);
    if (inner.killSession) this.killSession = (provider) => inner.killSession!(provider);
    if (inner.collectSessionInfo) this.collectSessionInfo = () => inner.collectSessionInfo!();
  }

  cancelQuery?: DatabaseConnection['cancelQuery'];
  killSession?: DatabaseConnection['killSession'];
  collectSessionInfo?: DatabaseConnection['collectSessionInfo'];

  async executeQuery<R>(compiledQuery: CompiledQuery, options?: AbortOptions): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiledQuery, options);
    if (insertsIntoOutbox(compiledQuery)) {
      if (this.inTransaction) this.appended = true;
      else this.#onAutocommitInsert();
    }
    return result;
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize: number, options?: AbortOptions): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize, options);
  }
}

class CommitSignalDriver implements Driver {
  readonly #inner: Driver;
  readonly #schema: string;
  #notifying: Promise<void> | undefined;
  #notifyAgain = false;

  constructor(inner: Driver, schema: string) {
    this.#inner = inner;
    this.#schema = schema;
  }

  init(options?: AbortOptions): Promise<void> {
    return this.#inner.init(options);
  }

  async acquireConnection(options?: AbortOptions): Promise<DatabaseConnection> {
    return new SignallingConnection(await this.#inner.acquireConnection(options), () => this.#committed());
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as SignallingConnection;
    await this.#inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
    c.appended = false;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as SignallingConnection;
    try {
      await this.#inner.commitTransaction(c.inner);
    } finally {
      c.inTransaction = false;
    }
    if (c.appended) {
      c.appended = false;
      this.#committed();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as SignallingConnection;
    c.inTransaction = false;
    c.appended = false;
    await this.#inner.rollbackTransaction(c.inner);
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: CompileQuery): Promise<void> {
    await this.#inner.savepoint!((connection as SignallingConnection).inner, name, compileQuery);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: CompileQuery): Promise<void> {
    // Rows appended since the savepoint are gone; waking the relay for nothing is harmless.
    await this.#inner.rollbackToSavepoint!((connection as SignallingConnection).inner, name, compileQuery);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: CompileQuery): Promise<void> {
    await this.#inner.releaseSavepoint!((connection as SignallingConnection).inner, name, compileQuery);
  }

  releaseConnection(connection: DatabaseConnection, options?: AbortOptions): Promise<void> {
    return this.#inner.releaseConnection((connection as SignallingConnection).inner, options);
  }

  async destroy(options?: AbortOptions): Promise<void> {
    // The wake-up for the last commits goes out before the pool closes.
    await this.#notifying;
    await this.#inner.destroy(options);
  }

  #committed(): void {
    if (signalOutboxCommit(this.#schema)) return;
    // No relay in this process: one NOTIFY at a time, and one more for the commits meanwhile.
    this.#notifyAgain = true;
    this.#notifying ??= this.#notify();
  }

  async #notify(): Promise<void> {
    try {
      while (this.#notifyAgain) {
        this.#notifyAgain = false;
        const connection = await this.#inner.acquireConnection();
        try {
          await connection.executeQuery(CompiledQuery.raw('select pg_notify($1, \'\')', [outboxChannel(this.#schema)]));
        } finally {
          await this.#inner.releaseConnection(connection);
        }
      }
    } catch {
      // The relay's poll picks the rows up; a failed wake-up only costs latency.
    } finally {
      this.#notifying = undefined;
    }
  }
}

/** PostgresDialect whose driver wakes the outbox relay after commits that appended events. */
export class CommitSignalPostgresDialect extends PostgresDialect {
  readonly #schema: string;

  constructor(config: PostgresDialectConfig, schema: string) {
    super(config);
    this.#schema = schema;
  }

  override createDriver(): Driver {
    return new CommitSignalDriver(super.createDriver(), this.#schema);
  }
}
