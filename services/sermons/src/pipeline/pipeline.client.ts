// Starts and steers the sermon pipeline workflow in Temporal (the worker in workflows/ runs it),
// through the contract package: no worker code is loaded here.
import { retryUpdate, SERMON_PIPELINE_WORKFLOW, SERMON_SEARCH_ATTRIBUTES, sermonPipelineWorkflowId, type PipelineStep, type SermonPipelineInput } from '@lectern/workflow-contract';
import { TemporalClient } from '@lectern/workflow-contract/client';

export interface PipelineClientOptions {
  address: string;
  namespace: string;
  taskQueue: string;
}

export class PipelineClient {
  private readonly temporal: TemporalClient;
  private readonly taskQueue: string;

  constructor(options: PipelineClientOptions) {
    this.temporal = new TemporalClient(options, Object.values(SERMON_SEARCH_ATTRIBUTES));
    this.taskQueue = options.taskQueue;
  }

  async start(input: SermonPipelineInput): Promise<string> {
    const client = await this.temporal.forStart();
    const handle = await client.workflow.start(SERMON_PIPELINE_WORKFLOW, {
      taskQueue: this.taskQueue,
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

  /** Whether a run of this sermon is open (running or waiting for a retry). */
  async isRunning(sermonId: string): Promise<boolean> {
    return this.temporal.isRunning(sermonPipelineWorkflowId(sermonId));
  }

  /** Cancels the open run, if any (its clean-up runs in the worker). */
  async cancel(sermonId: string): Promise<boolean> {
    return this.temporal.withOpenRun(sermonPipelineWorkflowId(sermonId), (handle) => handle.cancel());
  }

  /** Resumes a run waiting after a failure; returns null when there is no open run. */
  async retryOpenRun(sermonId: string): Promise<PipelineStep | null> {
    let restartedAt: PipelineStep | null = null;
    await this.temporal.withOpenRun(sermonPipelineWorkflowId(sermonId), async (handle) => {
      restartedAt = (await handle.executeUpdate(retryUpdate)).restartedAt;
    });
    return restartedAt;
  }

  async close(): Promise<void> {
    await this.temporal.close();
  }
}
