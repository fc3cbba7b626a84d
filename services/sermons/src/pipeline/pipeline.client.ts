// Starts and steers the sermon pipeline workflow in Temporal (workflows/ runs it).
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { retryUpdate, sermonPipelineWorkflowId, type PipelineStep, type SermonPipelineInput } from '@lectern/workflows';

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
    const handle = await client.workflow.start(SERMON_PIPELINE_WORKFLOW, {
      taskQueue: this.options.taskQueue,
      workflowId: sermonPipelineWorkflowId(input.sermonId),
      args: [input],
      // A retry of a closed run reuses the id; a running one is never started twice.
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
    });
    return handle.firstExecutionRunId;
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
