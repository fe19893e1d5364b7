/** AiProviderInput builders for e2e tests. */
export const TEST_TOKEN = 'sk-test-0123456789-SECRET-abcdefghij';

export function providerInput(baseUrl: string, overrides: Record<string, unknown> = {}) {
  return { name: 'Fake provider', apiType: 'provider_a', baseUrl, model: 'fake-model', apiToken: TEST_TOKEN, enabled: true, ...overrides };
}

/** Env for an app whose AI calls time out quickly (tests of time-outs and queue waits). */
export const FAST_AI_ENV = { AI_REQUEST_TIMEOUT_MS: '1500', AI_JOB_WAIT_MS: '4000' };

/** A BullMQ key prefix of its own per test file and process, so runs sharing a Redis never mix jobs. */
export function queuePrefix(name: string): string {
  return `e2e-${process.pid}-${name}`;
}
