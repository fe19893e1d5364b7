import type { PatternMatchInfo, PatternRule } from '../rule-types';
import { rx } from '../regex-registry';
import { pattern, S } from './define';
import type { Severity } from '../engine.types';

const r = String.raw;

const PLACEHOLDER = rx(
  'secrets:placeholder',
  String.raw`example|sample|dummy|placeholder|your[_-]?|<[^>]{0,40}>|\$\{|\{\{|xxxx|XXXX|\*\*\*|\.\.\.|changeme|change[_-]me|redacted|replace[_-]?me|insert|fake|test[_-]?key|abcdef|123456|000000|1111111|os\.environ|process\.env|getenv|env\(|secrets\.`,
  'i',
);

/** Few distinct characters: `aaaaaaaa…`, `xxxxxxxx…`, `01234567…` are not real secrets. */
function lowDiversity(v: string): boolean {
  return new Set(v.toLowerCase()).size < 6;
}

function secretValueCheck(value: string): Severity | true {
  if (PLACEHOLDER.test(value) || lowDiversity(value)) return 'info';
  return true;
}

function wholeMatchCheck(info: PatternMatchInfo): Severity | true {
  return secretValueCheck(info.match[0]);
}

function lastGroupCheck(info: PatternMatchInfo): Severity | true {
  const m = info.match;
  for (let i = m.length - 1; i > 0; i--) if (m[i] !== undefined) return secretValueCheck(m[i]);
  return secretValueCheck(m[0]);
}

/** Values that name or template a secret instead of holding one: `[passwordVar]`, `{x}`, `PARALLEL_API_KEY`, `MyPassword123`. */
const NAMED_VALUE = rx('secrets:named-value', String.raw`pass|secret|token|key|pw\d|p@ss|s3cr|example|demo|sample|user`, 'i');
const ENV_NAME = rx('secrets:env-name', String.raw`^[A-Z][A-Z0-9]{0,40}_[A-Z0-9_]{1,80}$`);

/**
 * Generic `password = "…"` assignments: documentation shows them constantly. A value that names or
 * templates the secret is an example; one inside documentation (markdown) weighs low; a script's
 * value keeps the rule's severity.
 */
function genericSecretCheck(info: PatternMatchInfo): Severity | true {
  const base = lastGroupCheck(info);
  if (base !== true) return base;
  const m = info.match;
  const value = m[m.length - 1] ?? m[0];
  if (/^[[{(%$]/.test(value) || ENV_NAME.test(value) || NAMED_VALUE.test(value)) return 'info';
  // A label followed by inline code ("Refresh token (details): `docs/auth.md`") is a live value
  // only when the value is machine-random.
  if (m[0].endsWith('`')) return randomLooking(value) ? true : 'info';
  if (!info.file.markdown && info.file.kind === 'script') return true;
  // Documentation shows made-up example values; a machine-random one is a live credential pasted
  // into the text (the skill hands the agent someone's account), which weighs the rule's severity.
  return randomLooking(value) ? true : 'low';
}

/** Shannon entropy of `v` in bits per character. */
function entropy(v: string): number {
  const counts = new Map<string, number>();
  for (const ch of v) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / v.length) * Math.log2(n / v.length);
  return h;
}

const HEX_VALUE = rx('secrets:hex-value', String.raw`^[0-9a-f]{32,}$`, 'i');
const TOKEN_CHARS = rx('secrets:token-chars', String.raw`^[A-Za-z0-9_\-+/=%.]+$`);

/**
 * A value that reads as machine-generated (an issued key, not a word a person typed): long hex, or
 * at least 20 token characters mixing upper case, lower case and digits with high entropy
 * (`GSvXTcUGpA37xZ5pKOu2aMitplfM0icb`, not `MySecurePassw0rd`, `my-app-secret-2024`, a URL or a path).
 */
export function randomLooking(v: string): boolean {
  if (HEX_VALUE.test(v)) return entropy(v) >= 3.4;
  if (v.length < 20 || !TOKEN_CHARS.test(v)) return false;
  let upper = 0;
  let lower = 0;
  let digits = 0;
  for (const ch of v) {
    if (ch >= 'A' && ch <= 'Z') upper++;
    else if (ch >= 'a' && ch <= 'z') lower++;
    else if (ch >= '0' && ch <= '9') digits++;
  }
  if (upper === 0 || lower === 0 || digits < 2) return false;
  return entropy(v) >= 4;
}

const WEAK_PASSWORD = rx('secrets:weak-password', String.raw`^(?:pass(?:word)?|secret|postgres|root|admin|guest|user|mysql|redis|pw|pwd)$`, 'i');
const LOCAL_HOST = rx('secrets:local-host', String.raw`@(?:localhost|127\.0\.0\.1|[a-z0-9_-]{1,40})[:/]`, 'i');
const USER_OF_URL = rx('secrets:user-of-url', String.raw`://([^\s:/@'"]{1,64}):`);
const PEM_BODY = rx('secrets:pem-body', String.raw`^[A-Za-z0-9+/=]{40,}\s*$`);

/** Pattern rules of the `hardcoded-secrets` category. */
export const HARDCODED_SECRETS_RULES: PatternRule[] = [
  pattern({
    id: 'secret-aws-access-key',
    category: 'hardcoded-secrets',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/upload.py', text: 'ACCESS_KEY = "AKIAUJZDE8GXD6NCF10E"\n' }],
      noMatch: [{ path: 'scripts/upload.py', text: 'ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE"\n' }],
    },
    nature: 'secret',
    secret: true,
    keywords: ['akia', 'asia'],
    patterns: [{ src: r`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`, flags: 'g' }],
    validate: wholeMatchCheck,
  }),
  pattern({
    id: 'secret-aws-secret-key',
    category: 'hardcoded-secrets',
    severity: 'critical',
    examples: {
      match: [{ path: 'config/aws.ini', text: '[default]\naws_secret_access_key = El2hpChYgCfrL1spNxnyVmihA+2O76UMFxFkM+R5\n' }],
      noMatch: [{ path: 'config/aws.ini', text: '[default]\naws_secret_access_key = ${AWS_SECRET_ACCESS_KEY}\n' }],
    },
    nature: 'secret',
    secret: true,
    keywords: ['aws_secret', 'secretaccesskey', 'secret_access_key'],
    patterns: [r`\b(?:aws_secret_access_key|aws_secret_key|secretaccesskey|aws_secret)["']?\s{0,3}[=:]\s{0,3}["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])`],
    validate: lastGroupCheck,
  }),
  pattern({
    id: 'secret-github-token',
    category: 'hardcoded-secrets',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/release.sh', text: '#!/bin/sh\nGH_TOKEN=ghp_sMehGAkWvj7FAc9QeWJKY40uvSwMFLZDe1f8\n' }],
      noMatch: ['Create a token (it starts with `ghp_`) and export it as GH_TOKEN.\n'],
    },
    nature: 'secret',
    secret: true,
    keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
    patterns: [{ src: r`\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})`, flags: 'g' }],
    validate: wholeMatchCheck,
  }),
  pattern({
    id: 'secret-openai-key',
    category: 'hardcoded-secrets',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/ask.py', text: 'client = OpenAI(api_key="sk-proj-rESQedUStPKR0CsTy4Qwb8DwkNhFdnXsiVpzz63F")\n' }],
      noMatch: [{ path: 'scripts/ask.py', text: 'client = OpenAI(api_key=os.environ["OPENAI_API_KEY"])  # sk-...\n' }],
    },
    nature: 'secret',
    secret: true,
    keywords: ['sk-'],
    patterns: [{ src: r`\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,255}`, flags: 'g' }],
    validate: wholeMatchCheck,
  }),
  pattern({
    id: 'secret-anthropic-key',
    category: 'hardcoded-secrets',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/ask.py', text: 'API_KEY = "sk-ant-api03-fkCzJr4i0B3JrTAwR4y9ojfljoQoaF1LlqsajAIx"\n' }],
      noMatch: ['Set ANTHROPIC_API_KEY to your key (it looks like `sk-ant-api03-...`).\n'],
    },
    nature: 'secret',
    secret: true,
    keywords: ['sk-ant-'],
    patterns: [{ src: r`\bsk-ant-(?:api|admin|oat|sid)\d{2}-[A-Za-z0-9_-]{32,255}`, flags: 'g' }],
    validate: wholeMatchCheck,
  }),
  pattern({
    id: 'secret-slack-token',
    category: 'hardcoded-secrets',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/post.py', text: 'SLACK = "xoxb-99528907866-zzgEOzdmenCkhvMdgaKjIg8x"\n' }],
      noMatch: ['Export SLACK_BOT_TOKEN=xoxb-your-token before running the script.\n'],
    },
    nature: 'secret',
    secret: true,
    keywords: ['xoxb-', 'xoxa-', 'xoxp-', 'xoxo-', 'xoxs-', 'xoxr-', 'hooks.slack.com/services/t'],
    patterns: [
      { src: r`\bxox[abposr]-[0-9]{6,20}-[0-9A-Za-z-]{6,255}`, flags: 'g' },
      { src: r`hooks\.slack\.com/services/T[A-Z0-9]{6,12}/B[A-Z0-9]{6,12}/[A-Za-z0-9]{20,40}`, flags: 'g' },
    ],
    validate: wholeMatchCheck,
  }),
  pattern({
    id: 'secret-stripe-key',
    category: 'hardcoded-secrets',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/charge.py', text: 'stripe.api_key = "sk_live_Nbe3nNyjOq9wMxEhh2FDEEtf"\n' }],
      noMatch: [{ path: 'scripts/charge.py', text: 'stripe.api_key = "sk_live_XXXXXXXXXXXXXXXXXXXXXXXX"\n' }],
    },
    nature: 'secret',
    secret: true,
    keywords: ['sk_live_', 'rk_live_', 'sk_test_', 'rk_test_'],
    patterns: [{ src: r`\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{20,255}`, flags: 'g' }],
    validate: (info) => (info.match[0].includes('_test_') ? 'low' : wholeMatchCheck(info)),
  }),
  pattern({
    id: 'secret-provider-token',
    category: 'hardcoded-secrets',
    severity: 'high',
    examples: {
      match: [{ path: 'scripts/hub.py', text: 'HF_TOKEN = "hf_tP3fS2qHx6kwXoIIXGvOoNZYW2mZp0zVZo"\n' }],
      noMatch: ['Log in with `huggingface-cli login` and paste your `hf_...` token when asked.\n'],
    },
    nature: 'secret',
    secret: true,
    keywords: ['aiza', 'hf_', 'glpat-', 'npm_', 'sg.', ':aa', 'accountkey=', 'shpat_', 'pypi-', 'dop_v1_', 'xapp-'],
    patterns: [
      { src: r`\bAIza[0-9A-Za-z_-]{35}\b|\bhf_[A-Za-z0-9]{34,64}\b|\bglpat-[A-Za-z0-9_-]{20,64}\b|\bnpm_[A-Za-z0-9]{36}\b`, flags: 'g' },
      { src: r`\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b|\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b|AccountKey=[A-Za-z0-9+/]{60,100}={0,2}`, flags: 'g' },
      { src: r`\bshpat_[a-fA-F0-9]{32}\b|\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50}|\bdop_v1_[a-f0-9]{64}\b|\bxapp-\d-[A-Z0-9]{9,12}-\d{10,14}-[a-f0-9]{32,64}`, flags: 'g' },
    ],
    validate: wholeMatchCheck,
  }),
  pattern({
    id: 'secret-private-key',
    category: 'hardcoded-secrets',
    severity: 'critical',
    examples: {
      match: [{ path: 'certs/deploy.pem', text: '-----BEGIN OPENSSH PRIVATE KEY-----\ntqcbnr3yBdGBLEPH1qhT61qtc4xatws8phP9nhFyJfm5di4PzJ59FHz5r1pY4OjE\nEjO4Yp1r5zHF95JzP4id5mfJyFhn9Php8swtax4ctq16Thq1HPELBGdBy3rnbcqt\n-----END OPENSSH PRIVATE KEY-----\n' }],
      noMatch: [{ path: 'certs/server.pub.pem', text: '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----\n' }],
    },
    nature: 'secret',
    keywords: ['private key'],
    patterns: [r`-----BEGIN${S}(?:RSA${S}|EC${S}|DSA${S}|OPENSSH${S}|ENCRYPTED${S}|PGP${S})?PRIVATE${S}KEY(?:${S}BLOCK)?-----`],
    validate: (info) => {
      // A header followed by a real key body; a header with "..." or nothing is documentation.
      const lines = info.file.normLines;
      const idx = info.lineIndex;
      for (let i = idx + 1; i < lines.length && i <= idx + 3; i++) {
        const t = lines[i].trim();
        if (t === '' || t.includes(':')) continue;
        return PEM_BODY.test(t) ? true : 'low';
      }
      return 'low';
    },
  }),
  pattern({
    id: 'secret-jwt',
    category: 'hardcoded-secrets',
    severity: 'high',
    examples: {
      match: [{ path: 'scripts/call.sh', text: '#!/bin/sh\ncurl -H "Authorization: Bearer eyJmHFwUbbYrEqmSM9wCZ7U.eyJw9xfogoEmvnEN5N1aE6PwZPf1Qh6yY.TWmE4lBYOvfZ8UzDzV8fUkkib" https://api.example.com\n' }],
      noMatch: [{ path: 'scripts/call.sh', text: '#!/bin/sh\ncurl -H "Authorization: Bearer $JWT" https://api.example.com\n' }],
    },
    nature: 'secret',
    secret: true,
    keywords: ['eyj'],
    patterns: [{ src: r`\beyJ[A-Za-z0-9_-]{10,2000}\.eyJ[A-Za-z0-9_-]{10,4000}\.[A-Za-z0-9_-]{10,2000}`, flags: 'g' }],
    validate: wholeMatchCheck,
  }),
  pattern({
    id: 'secret-connection-string',
    category: 'hardcoded-secrets',
    severity: 'high',
    examples: {
      match: [{ path: 'scripts/db.py', text: 'DSN = "postgresql://app:jL5DZPjN0MEQ7w@db.prod.example.com:5432/app"\n' }],
      noMatch: [
        { path: 'scripts/db.py', text: 'DSN = "postgresql://postgres:postgres@localhost:5432/app"\n' },
        'Local `.env`:\n\n```bash\nDATABASE_URL=postgresql://calcom:calcom@database:5432/calcom\n```\n',
      ],
    },
    nature: 'secret',
    secret: true,
    keywords: ['postgres', 'mysql', 'mariadb', 'mongodb', 'redis', 'amqp', 'mssql', 'sqlserver', 'clickhouse'],
    patterns: [r`\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|sqlserver|clickhouse)://[^\s:/@'"]{1,64}:([^\s@/'"]{3,128})@[^\s/'"]{2,200}`],
    // A password equal to the user name (`calcom:calcom`) is a template default; a host without a dot
    // (`@database:5432`, `@db`) is a local or compose-network service, not one reachable from outside.
    validate: (info) => {
      const pw = info.match[1] ?? '';
      if (PLACEHOLDER.test(pw) || WEAK_PASSWORD.test(pw) || pw.startsWith('$') || pw.startsWith('%')) return 'info';
      if (pw === USER_OF_URL.exec(info.match[0])?.[1]) return 'info';
      if (LOCAL_HOST.test(info.match[0] + '/')) return 'low';
      return true;
    },
  }),
  pattern({
    id: 'secret-password-assignment',
    category: 'hardcoded-secrets',
    severity: 'medium',
    examples: {
      match: [
        { path: 'scripts/login.py', text: 'password = "jL5DZPjN0MEQ7w"\n' },
        { path: 'scripts/post.py', text: 'OAUTH2_CLIENT_SECRET = "nQ3vS8dKCitBp4ihAMlr2nMJBy7J"\n' },
        '## Authentication\n\n- **API Secret (Consumer Secret)**: `Hq7vXTcUGpA37xZ5pKOu2aMitplfM0icb`\n',
        'Register the agent:\n\n```bash\ncurl -d \'{"skill_secret": "5d1f03c11296bf0a45d04c74ea0192af5f25ad6b"}\' https://api.example.net/register\n```\n',
      ],
      noMatch: [
        { path: 'scripts/login.py', text: 'password = "${DB_PASSWORD}"\n' },
        'Set `password: "<your password>"` in config.yaml.\n',
        '- **API key**: `YOUR_API_KEY` (from the dashboard)\n',
        '- **Bearer token**: `${SERVICE_BEARER_TOKEN}`\n',
        'Auth details (profiles, refresh-token expiry): `shared/auth-profiles.md`.\n',
      ],
    },
    nature: 'secret',
    secret: true,
    keywords: ['password', 'passwd', 'pwd', 'db_pass', 'secret', 'api_key', 'api-key', 'apikey', 'access_token', 'access-token', 'auth_token', 'auth-token', 'client_secret', 'client-secret', 'private_key', 'private-key'],
    patterns: [
      // The key may carry a vendor or scope prefix: `OAUTH2_CLIENT_SECRET = "…"`, `"skill_secret": "…"`
      // (a lookbehind instead of a prefix loop, which would be retried at every word boundary).
      r`(?<![A-Za-z0-9])(?:password|passwd|pwd|db_pass(?:word)?|secret(?:_key)?|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|client[_-]?secret|private[_-]?key)["']?\s{0,3}[:=]\s{0,3}["']([^"'\s]{8,200})["']`,
      // A labelled value in markdown: "- **API Secret (Consumer Secret)**: `GSvX…`", "Access Token: `…`".
      r`\b(?:api[ _-]?(?:key|secret|token)|(?:consumer|client|app)[ _-]?(?:key|secret)|secret[ _-]?key|(?:access|auth|bearer|refresh)[ _-]?token(?:[ _-]?secret)?|password|private[ _-]?key)\b[^\n\`:=]{0,40}?[:=][ \t*]{0,6}\`([^\`\s]{16,200})\``,
    ],
    validate: genericSecretCheck,
  }),
];
