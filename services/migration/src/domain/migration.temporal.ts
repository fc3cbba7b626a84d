// Starts and steers migration runs in Temporal: readable ids and search attributes so an
// operator finds a migration by organization or migration id in the Temporal UI.
import {
  MIGRATION_SEARCH_ATTRIBUTES,
  RSS_MIGRATION_WORKFLOW,
  rssMigrationWorkflowId,
  sermonPipelineWorkflowId,
  stopMigrationSignal,
  type RssMigrationInput,
} from '@lectern/workflow-contract';
import { TemporalClient } from '@lectern/workflow-contract/client';

export interface MigrationTemporalOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  /** Where the child sermon pipelines run (the pipeline worker's queue). */
  pipelineTaskQueue: string;
}

export class MigrationTemporal {
  private readonly temporal: TemporalClient;
  private readonly options: MigrationTemporalOptions;

  constructor(options: MigrationTemporalOptions) {
    this.options = options;
    this.temporal = new TemporalClient(options, Object.values(MIGRATION_SEARCH_ATTRIBUTES));
  }

  async start(request: Omit<RssMigrationInput, 'pipelineTaskQueue'>): Promise<string> {
    const input: RssMigrationInput = { ...request, pipelineTaskQueue: this.options.pipelineTaskQueue };
    const client = await this.temporal.forStart();
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

  async isRunning(workflowId: string): Promise<boolean> {
    return this.temporal.isRunning(workflowId);
  }

  async stop(workflowId: string): Promise<boolean> {
    return this.temporal.withOpenRun(workflowId, (handle) => handle.signal(stopMigrationSignal));
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
    await this.temporal.withOpenRun(sermonPipelineWorkflowId(sermonId), async (handle) => {
      await handle.cancel();
      await handle.result().catch(() => undefined);
    });
  }

  async close(): Promise<void> {
    await this.temporal.close();
  }
}
