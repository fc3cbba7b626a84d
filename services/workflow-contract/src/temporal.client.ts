// One Temporal client helper for every service that starts or steers runs (sermons, migration):
// a lazily opened connection, Keyword search attributes registered once per process, and the
// "is this run open?" check both use before a cancel, signal or update.
import { Client, Connection, WorkflowNotFoundError, type WorkflowHandle } from '@temporalio/client';
import proto from '@temporalio/proto';

export interface TemporalClientOptions {
  address: string;
  namespace: string;
}

export class TemporalClient {
  private client: Client | undefined;
  private connection: Connection | undefined;
  private searchAttributesReady = false;
  private readonly options: TemporalClientOptions;
  /** Keyword attributes an operator filters runs on in the Temporal UI (docs/operations.md). */
  private readonly searchAttributes: readonly string[];

  constructor(options: TemporalClientOptions, searchAttributes: readonly string[] = []) {
    this.options = options;
    this.searchAttributes = searchAttributes;
  }

  /** The client, connected on first use. */
  async get(): Promise<Client> {
    if (!this.client) {
      this.connection = await Connection.connect({ address: this.options.address });
      this.client = new Client({ connection: this.connection, namespace: this.options.namespace });
    }
    return this.client;
  }

  /** The client, with the search attributes registered (once per process; the local dev server gets them at start too). */
  async forStart(): Promise<Client> {
    const client = await this.get();
    if (this.searchAttributesReady || this.searchAttributes.length === 0) return client;
    const existing = await client.connection.operatorService.listSearchAttributes({ namespace: this.options.namespace });
    const missing = this.searchAttributes.filter((name) => !(name in (existing.customAttributes ?? {})));
    if (missing.length > 0) {
      try {
        await client.connection.operatorService.addSearchAttributes({
          namespace: this.options.namespace,
          searchAttributes: Object.fromEntries(missing.map((name) => [name, proto.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD])),
        });
      } catch (error) {
        // Another instance registered them meanwhile.
        if (!/already exists/i.test((error as Error).message)) throw error;
      }
    }
    this.searchAttributesReady = true;
    return client;
  }

  /** Whether a run with this id is open (running, or waiting for a retry). */
  async isRunning(workflowId: string): Promise<boolean> {
    const client = await this.get();
    try {
      return (await client.workflow.getHandle(workflowId).describe()).status.name === 'RUNNING';
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return false;
      throw error;
    }
  }

  /** Runs `act` on the open run's handle; false when there is no open run (also when it closed meanwhile). */
  async withOpenRun(workflowId: string, act: (handle: WorkflowHandle) => Promise<unknown>): Promise<boolean> {
    if (!(await this.isRunning(workflowId))) return false;
    const client = await this.get();
    try {
      await act(client.workflow.getHandle(workflowId));
      return true;
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return false;
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.connection?.close();
  }
}
