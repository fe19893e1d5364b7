import { rx } from '../regex-registry';
import { heuristic } from '../rules/define';
import type { Analyzer, SkillContext } from './context';
import { literalGate } from './literal-gate';
import { fileHit } from './text-files';

export const SUPPLY_CHAIN_RULES = [
  heuristic('supply-unpinned-dependency', 'supply-chain', 'low', {
    match: [{ path: 'requirements.txt', text: 'requests\n' }],
    noMatch: [{ path: 'requirements.txt', text: '# runtime\nrequests==2.32.3\n' }],
  }),
  heuristic('supply-typosquat-package', 'supply-chain', 'high', {
    match: [{ path: 'requirements.txt', text: 'reqeusts==2.31.0\n' }],
    noMatch: [{ path: 'requirements.txt', text: 'requests==2.31.0\n' }],
  }),
];

/** Package names published as typosquats / known-malicious look-alikes (PyPI and npm reports). */
const TYPOSQUATS = new Set([
  'reqeusts', 'requets', 'requestss', 'rquests', 'requsts', 'request-s', 'python-requests', 'colourama', 'colorsama', 'urlib3', 'urllib4',
  'beautifulsoup', 'bs4-parser', 'djanga', 'djang0', 'flassk', 'numpyy', 'numpi', 'pandsa', 'pands', 'matplotlb', 'tenserflow', 'tensorfow',
  'python-sqlite', 'python3-dateutil', 'jeilyfish', 'setup-tools', 'setuptool', 'pip-install', 'openai-python', 'anthropic-sdk', 'anthropics',
  'crossenv', 'cross-env.js', 'electorn', 'loadsh', 'lodahs', 'lodash-utils', 'axois', 'axio', 'expres', 'expresss', 'reakt', 'discord.js-selfbot',
  'noblox.js-proxy', 'twilio-npm', 'node-fetch-npm', 'babelcli', 'mongose', 'nodemailer-js', 'nodesass', 'd3.js', 'jquery.js', 'fabric-js',
  'ctx', 'pyyaml2', 'pytz2', 'boto4', 'botocore3', 'aiohttp3', 'asyncio-pkg', 'coloramma', 'httpx2', 'fastapi2', 'pillow2', 'selenuim',
]);
/** Texts without either word are not searched for install commands (one pass instead of two `includes`). */
const INSTALL_WORD = rx('supply:install-word', 'install| add ');
const INSTALL_CMD = rx('supply:install-cmd', String.raw`\b(?:pip3?|uv\s{1,3}pip|npm|pnpm|yarn|bun)\s{1,3}(?:install|i|add)\s{1,3}([^\n|;&#]{1,300})`, 'gi');
const INSTALL_CMD_GATE = literalGate('supply:install-cmd', INSTALL_CMD);
const REQ_LINE = rx('supply:req-line', String.raw`^\s{0,4}([A-Za-z0-9][A-Za-z0-9._-]{0,80})\s{0,4}(\[[^\]\n]{0,80}\])?\s{0,4}(===?|~=|>=|<=|>|<|!=|@)?`);

function packageNameOf(token: string): string {
  let t = token.trim().toLowerCase();
  if (t.startsWith('@')) {
    const at = t.indexOf('@', 1);
    return at > 0 ? t.slice(0, at) : t;
  }
  for (const sep of ['==', '>=', '<=', '~=', '!=', '@', '[', '>', '<']) {
    const i = t.indexOf(sep);
    if (i > 0) t = t.slice(0, i);
  }
  return t;
}

function supplyChain(ctx: SkillContext): void {
  for (const f of ctx.texts) {
    const base = f.base;
    if (base.startsWith('requirements') && base.endsWith('.txt')) {
      let reported = 0;
      f.normLines.forEach((l, i) => {
        const t = l.trim();
        if (t === '' || t.startsWith('#') || t.startsWith('-') || reported >= 20) return;
        const m = REQ_LINE.exec(t);
        if (!m) return;
        const name = m[1].toLowerCase();
        if (TYPOSQUATS.has(name)) ctx.emit(fileHit('supply-typosquat-package', f, i));
        if (!m[3]) {
          ctx.emit(fileHit('supply-unpinned-dependency', f, i));
          reported++;
        }
      });
    }
    if (base === 'package.json') {
      try {
        const pkg = JSON.parse(f.raw) as Record<string, unknown>;
        for (const key of ['dependencies', 'devDependencies', 'optionalDependencies']) {
          const deps = pkg[key];
          if (!deps || typeof deps !== 'object') continue;
          for (const [name, ver] of Object.entries(deps as Record<string, unknown>)) {
            const line = Math.max(0, f.normLines.findIndex((l) => l.includes(`"${name}"`)));
            if (TYPOSQUATS.has(name.toLowerCase())) ctx.emit(fileHit('supply-typosquat-package', f, line));
            if (ver === '*' || ver === 'latest' || ver === '') ctx.emit(fileHit('supply-unpinned-dependency', f, line));
          }
        }
      } catch {
        // not JSON: nothing to check
      }
    }
    if (!ctx.mayMatch(INSTALL_CMD_GATE, f) || !INSTALL_WORD.test(f.norm)) continue;
    INSTALL_CMD.lastIndex = 0;
    let m: RegExpExecArray | null;
    let reported = 0;
    while ((m = INSTALL_CMD.exec(f.norm)) !== null && reported < 5) {
      const tokens = m[1].split(' ').filter((x) => x !== '' && !x.startsWith('-'));
      if (tokens.some((tok) => TYPOSQUATS.has(packageNameOf(tok)))) {
        const line = f.norm.slice(0, m.index).split('\n').length - 1;
        ctx.emit(fileHit('supply-typosquat-package', f, line, 0));
        reported++;
      }
    }
  }
}

/** Dependencies in requirements files, package.json and install commands: unpinned versions, known typosquats. */
export const supplyChainAnalyzer: Analyzer = {
  name: 'supply-chain',
  phase: 'main',
  rules: SUPPLY_CHAIN_RULES,
  gates: [INSTALL_CMD_GATE],
  run: supplyChain,
};
