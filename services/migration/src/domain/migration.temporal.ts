// Starts and steers migration runs in Temporal: readable ids and search attributes so an
// operator finds a migration by organization or migration id in the Temporal UI.
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import proto from '@temporalio/proto';
import {
  MIGRATION_SEARCH_ATTRIBUTES,
  rssMigrationWorkflowId,
  sermonPipelineWorkflowId,
  stopMigrationSignal,
  type RssMigrationInput,
} from '@lectern/workflows';

export const RSS_MIGRATION_WORKFLOW = 'rssMigrationWorkflow';

export interface MigrationTemporalOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  /** Where the child sermon pipelines run (the pipeline worker's queue). */
  pipelineTaskQueue: string;
}

export class MigrationTemporal {
  private client: Client | undefined;
  private connection: Connection | undefined;
  private readonly options: MigrationTemporalOptions;

  constructor(options: MigrationTemporalOptions) {
    this.options = options;
  }

  async get(): Promise<Client> {
    if (!this.client) {
      this.connection = await Connection.connect({ address: this.options.address });
      this.client = new Client({ connection: this.connection, namespace: this.options.namespace });
    }
    return this.client;
  }

  async start(request: Omit<RssMigrationInput, 'pipelineTaskQueue'>): Promise<string> {
    const input: RssMigrationInput = { ...request, pipelineTaskQueue: this.options.pipelineTaskQueue };
    const client = await this.get();
    await this.ensureSearchAttributes(client);
    const workflowId = rssMigrationWorkflowId(input.orgId, input.migrationId);
    await client.workflow.start(RSS_MIGRATION_WORKFLOW, {
      taskQueue: this.options.taskQueue,
      workflowId,
      args: [input],
      // Retry starts a new run under the same id once the previous one has closed.
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      searchAttributes: {
        [MIGRATION_SEARCH_ATTRIBUTES.organization]: [input.orgId],
        [MIGRATION_SEARCH_ATTRIBUTES.migration]: [input.migrationId],
      },
    });
    return workflowId;
  }

  private searchAttributesReady = false;

  /** Registers the two Keyword attributes once (the local dev server gets them at start too). */
  private async ensureSearchAttributes(client: Client): Promise<void> {
    if (this.searchAttributesReady) return;
    const wanted = Object.values(MIGRATION_SEARCH_ATTRIBUTES);
    const existing = await client.connection.operatorService.listSearchAttributes({ namespace: this.options.namespace });
    const missing = wanted.filter((name) => !(name in (existing.customAttributes ?? {})));
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
  }

  async isRunning(workflowId: string): Promise<boolean> {
    const client = await this.get();
    try {
      return (await client.workflow.getHandle(workflowId).describe()).status.name === 'RUNNING';
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return false;
      throw error;
    }
  }

  async stop(workflowId: string): Promise<boolean> {
    if (!(await this.isRunning(workflowId))) return false;
    const client = await this.get();
    try {
      await client.workflow.getHandle(workflowId).signal(stopMigrationSignal);
      return true;
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return false;
      throw error;
    }
  }

  /** Waits (bounded) for the run to close, e.g. before Clear removes sermons. */
  async waitClosed(workflowId: string, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!(await this.isRunning(workflowId))) return true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  }

  /** Ends a sermon's pipeline run that waits for a retry (its own clean-up removes the sermon). */
  async cancelPipeline(sermonId: string): Promise<void> {
    const client = await this.get();
    const handle = client.workflow.getHandle(sermonPipelineWorkflowId(sermonId));
    try {
      if ((await handle.describe()).status.name !== 'RUNNING') return;
      await handle.cancel();
      await handle.result().catch(() => undefined);
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
  }

  async close(): Promise<void> {
    await this.connection?.close();
  }
}
