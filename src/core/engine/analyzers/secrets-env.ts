import { rx } from '../regex-registry';
import { heuristic } from '../rules/define';
import type { Analyzer, SkillContext } from './context';
import { fileHit, isCodeText } from './text-files';

export const SECRET_ENV_RULES = [
  heuristic('cred-undocumented-secret-env', 'credential-access', 'medium', {
    match: [{ path: 'scripts/release.py', text: 'import os\ntoken = os.environ["GITHUB_TOKEN"]\n' }],
    noMatch: [{ files: [{ path: 'SKILL.md', text: '---\nname: notes-helper\ndescription: Formats notes.\n---\n# Notes\n\nSet GITHUB_TOKEN to a token with repo scope.\n' }, { path: 'scripts/release.py', text: 'import os\ntoken = os.environ["GITHUB_TOKEN"]\n' }] }],
  }),
];

const SECRET_ENV = rx(
  'cred:secret-env',
  String.raw`\bos\.(?:environ(?:\.get)?\s{0,3}[\[(]|getenv\s{0,3}\()\s{0,3}["']([A-Z][A-Z0-9_]{1,60})["']|\bprocess\.env(?:\.([A-Z][A-Z0-9_]{1,60})\b|\[\s{0,3}["']([A-Z][A-Z0-9_]{1,60})["']\s{0,3}\])|\bENV\[\s{0,3}["']([A-Z][A-Z0-9_]{1,60})["']|\$env:([A-Z][A-Z0-9_]{1,60})\b|\$\{?([A-Z][A-Z0-9_]{2,60})\}?`,
  'g',
);
const SECRET_NAME = rx('cred:secret-name', String.raw`(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|_PAT|AUTH|COOKIE|SESSION)(?:_|$)`);
const FOREIGN_SECRETS = new Set([
  'AWS_SECRET_ACCESS_KEY', 'AWS_ACCESS_KEY_ID', 'AWS_SESSION_TOKEN', 'GITHUB_TOKEN', 'GH_TOKEN', 'NPM_TOKEN', 'PYPI_TOKEN', 'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY', 'SLACK_BOT_TOKEN', 'SLACK_TOKEN', 'STRIPE_SECRET_KEY', 'GOOGLE_APPLICATION_CREDENTIALS', 'AZURE_CLIENT_SECRET',
  'DOCKER_PASSWORD', 'HF_TOKEN', 'HUGGING_FACE_HUB_TOKEN', 'GITLAB_TOKEN', 'DIGITALOCEAN_TOKEN', 'CLOUDFLARE_API_TOKEN', 'VERCEL_TOKEN',
  'SSH_AUTH_SOCK', 'GPG_PASSPHRASE', 'VAULT_TOKEN', 'KUBECONFIG', 'DATABASE_PASSWORD', 'DB_PASSWORD', 'TWILIO_AUTH_TOKEN', 'SENDGRID_API_KEY',
]);

function undocumentedSecretEnv(ctx: SkillContext): void {
  const documented = ctx.instructionText;
  for (const f of ctx.texts) {
    if (!isCodeText(f)) continue;
    SECRET_ENV.lastIndex = 0;
    let m: RegExpExecArray | null;
    const seen = new Set<string>();
    while ((m = SECRET_ENV.exec(f.norm)) !== null && seen.size < 10) {
      const name = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6];
      if (!name || seen.has(name) || !SECRET_NAME.test(name)) continue;
      seen.add(name);
      if (m[6] !== undefined && f.lang !== 'shell') continue;
      if (documented.includes(name)) continue;
      const line = f.norm.slice(0, m.index).split('\n').length - 1;
      ctx.emit(fileHit('cred-undocumented-secret-env', f, line, 0, FOREIGN_SECRETS.has(name) ? undefined : 'low'));
    }
  }
}

/** Secret environment variables that scripts read and the instructions do not document. */
export const secretsEnvAnalyzer: Analyzer = {
  name: 'secrets-env',
  phase: 'main',
  rules: SECRET_ENV_RULES,
  run: undocumentedSecretEnv,
};
