import { releaseSuite } from './e2e-run';

// setupFilesAfterEnv of the e2e project: after the suite's own hooks, release its database.
afterAll(async () => {
  await releaseSuite();
});
