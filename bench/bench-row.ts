/** One figure of a benchmark, as `npm run bench` prints it and writes it to docs/benchmarks.md. */
export type BenchRow = { name: string; metric: string; value: number; unit: string; target?: string; ok?: boolean };
