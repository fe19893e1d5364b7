/** Queue and job names (STYLE convention 7). One queue carries both AI jobs. */
export enum QueueName {
  Ai = 'ai',
}

export enum JobName {
  AiAnalysis = 'ai-analysis',
  AiDescription = 'ai-description',
}

/** Retention of finished jobs: long enough for the waiting request to read the result, bounded in size. */
export const JOB_RETENTION = {
  removeOnComplete: { age: 600, count: 500 },
  removeOnFail: { age: 24 * 3600, count: 1000 },
} as const;
