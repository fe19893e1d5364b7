import { Injectable } from '@nestjs/common';
import type { JobData, JobResult } from './jobs/ai-jobs.contract';
import type { JobName } from './queue.names';

export type JobHandler<N extends JobName> = (data: JobData<N>) => Promise<JobResult<N>>;

/**
 * The one handler per job name. Processors (queue/processors) register here; the BullMQ worker
 * host and the inline runner both dispatch through it, so both paths run the same code.
 */
@Injectable()
export class JobHandlerRegistry {
  private readonly handlers = new Map<JobName, JobHandler<any>>();

  register<N extends JobName>(name: N, handler: JobHandler<N>): void {
    if (this.handlers.has(name)) throw new Error(`A handler for job ${name} is already registered`);
    this.handlers.set(name, handler);
  }

  get<N extends JobName>(name: N): JobHandler<N> | null {
    return (this.handlers.get(name) as JobHandler<N> | undefined) ?? null;
  }
}
