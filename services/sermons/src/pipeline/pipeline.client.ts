// Starts and steers the sermon pipeline workflow in Temporal (workflows/ runs it).
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import proto from '@temporalio/proto';
import { retryUpdate, SERMON_SEARCH_ATTRIBUTES, sermonPipelineWorkflowId, type PipelineStep, type SermonPipelineInput } from '@lectern/workflows';

export const SERMON_PIPELINE_WORKFLOW = 'sermonPipelineWorkflow';

export interface PipelineClientOptions {
  address: string;
  namespace: string;
  taskQueue: string;
}

export class PipelineClient {
  private client: Client | undefined;
  private connection: Connection | undefined;
  private readonly options: PipelineClientOptions;

  constructor(options: PipelineClientOptions) {
    this.options = options;
  }

  private async get(): Promise<Client> {
    if (!this.client) {
      this.connection = await Connection.connect({ address: this.options.address });
      this.client = new Client({ connection: this.connection, namespace: this.options.namespace });
    }
    return this.client;
  }

  async start(input: SermonPipelineInput): Promise<string> {
    const client = await this.get();
    await this.ensureSearchAttributes(client);
    const handle = await client.workflow.start(SERMON_PIPELINE_WORKFLOW, {
      taskQueue: this.options.taskQueue,
      workflowId: sermonPipelineWorkflowId(input.sermonId),
      args: [input],
      // A retry of a closed run reuses the id; a running one is never started twice.
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      // An operator finds a church's runs, and its failed ones, in the Temporal UI (docs/operations.md).
      searchAttributes: { [SERMON_SEARCH_ATTRIBUTES.organization]: [input.orgId], [SERMON_SEARCH_ATTRIBUTES.state]: ['PROCESSING'] },
      memo: { sermonId: input.sermonId, orgId: input.orgId, sermonState: 'PROCESSING' },
    });
    return handle.firstExecutionRunId;
  }

  private searchAttributesReady = false;

  /** Registers the Keyword attributes once per process (the local dev server gets them at start too). */
  private async ensureSearchAttributes(client: Client): Promise<void> {
    if (this.searchAttributesReady) return;
    const wanted = Object.values(SERMON_SEARCH_ATTRIBUTES);
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

  /** Whether a run of this sermon is open (running or waiting for a retry). */
  async isRunning(sermonId: string): Promise<boolean> {
    const client = await this.get();
    try {
      const description = await client.workflow.getHandle(sermonPipelineWorkflowId(sermonId)).describe();
      return description.status.name === 'RUNNING';
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return false;
      throw error;
    }
  }

  /** Cancels the open run, if any (its clean-up runs in the worker). */
  async cancel(sermonId: string): Promise<boolean> {
    if (!(await this.isRunning(sermonId))) return false;
    const client = await this.get();
    try {
      await client.workflow.getHandle(sermonPipelineWorkflowId(sermonId)).cancel();
      return true;
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return false;
      throw error;
    }
  }

  /** Resumes a run waiting after a failure; returns null when there is no open run. */
  async retryOpenRun(sermonId: string): Promise<PipelineStep | null> {
    if (!(await this.isRunning(sermonId))) return null;
    const client = await this.get();
    const result = await client.workflow.getHandle(sermonPipelineWorkflowId(sermonId)).executeUpdate(retryUpdate);
    return result.restartedAt;
  }

  async close(): Promise<void> {
    await this.connection?.close();
  }
}
