import type { CliLanguage } from './cli-texts';
import type { CliReport, CliFinding } from './cli-report';
import type { CliScanInput } from './skill-input';

/** A server's non-2xx answer or an unreachable server; `message` is one line for stderr. */
export class ServerError extends Error {}

/** Generous: a scan with AI may wait for the provider (AI_JOB_WAIT_MS, 65 s by default). */
const REQUEST_TIMEOUT_MS = 120_000;

async function call(url: URL, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new ServerError(`cannot reach ${url.origin} (${cause})`);
  }
  if (!res.ok) {
    const text = await res.text();
    let reason = text.slice(0, 200);
    try {
      reason = (JSON.parse(text) as { error?: string }).error ?? reason;
    } catch {
      // not JSON: keep the text
    }
    throw new ServerError(`${init.method ?? 'GET'} ${url.pathname} answered ${res.status}: ${reason.replace(/\s+/g, ' ')}`);
  }
  return res;
}

function endpoint(server: string, path: string, language: CliLanguage): URL {
  const url = new URL(path, server.endsWith('/') ? server : `${server}/`);
  url.searchParams.set('lang', language);
  return url;
}

/** POST /api/scans (useAi from --ai); SARIF comes from GET /api/scans/{id}/sarif. */
export async function scanOnServer(input: CliScanInput, server: string, useAi: boolean, language: CliLanguage): Promise<CliReport> {
  const res = await call(endpoint(server, 'api/scans', language), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ source: input.source, useAi, contentBase64: input.contentBase64, filename: input.filename }),
  });
  const detail = (await res.json()) as {
    id: number;
    name: string;
    verdict: CliReport['verdict'];
    riskScore: number;
    findingCounts: CliReport['findingCounts'];
    findings: Array<Omit<CliFinding, 'category'>>;
  };
  return {
    name: detail.name,
    verdict: detail.verdict,
    riskScore: detail.riskScore,
    findingCounts: detail.findingCounts,
    findings: detail.findings.map((f) => ({ ...f, category: '' })),
    json: detail,
    sarif: async () => (await call(endpoint(server, `api/scans/${detail.id}/sarif`, language), { headers: { accept: 'application/sarif+json' } }).then((r) => r.json())) as Record<string, unknown>,
  };
}
