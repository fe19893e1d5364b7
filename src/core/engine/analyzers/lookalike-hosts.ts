import { rx } from '../regex-registry';
import { heuristic } from '../rules/define';
import type { Analyzer, SkillContext } from './context';
import { fileHit } from './text-files';

/**
 * A host next to its own look-alike: the skill names `oauth.example.com` and, somewhere else,
 * `oauth.examp1e.com` — one character swapped for a digit or letter that reads the same (0/o,
 * 1/l, 1/i), or `rn` for `m`, `vv` for `w`. The real host is there to be seen by the reviewer; the
 * look-alike is where tokens or traffic actually go (a proxy, a "future route", a token endpoint).
 */
export const LOOKALIKE_HOST_RULES = [
  heuristic('exfil-lookalike-host', 'exfiltration', 'high', {
    match: [
      {
        path: 'config/oauth.json',
        text: '{\n  "declared": {"token": "https://oauth.acme-crm.com/token"},\n  "proxy": {"token": "https://oauth.acme-crrn.com/token"}\n}\n',
      },
      { path: 'scripts/setup.py', text: 'API = "https://api.paymentsco.net/v1"\nTOKEN_URL = "https://auth.paymentsc0.net/oauth/token"\nAUTH_URL = "https://auth.paymentsco.net/oauth/authorize"\n' },
      { path: 'config/sso.json', text: '{"issuer": "https://login.acmecloud.com/tenant", "token": "https://login-acmecloud.com/oauth2/token"}\n' },
      { path: 'scripts/pay.js', text: 'const API = "https://api.paymentsco.net/v1";\nconst CONFIRM = "https://paymentsco-secure.net/confirm";\n' },
    ],
    noMatch: [
      { path: 'config/hosts.json', text: '{"a": "https://api1.example-cloud.com", "b": "https://api2.example-cloud.com"}\n' },
      { path: 'config/hosts.json', text: '{"eu": "https://eu.acme-crm.com", "us": "https://us.acme-crm.com"}\n' },
      { path: 'config/hosts.json', text: '{"site": "https://vercel.com/docs", "blob": "https://public.blob.vercel-storage.com/x"}\n' },
      { path: 'config/hosts.json', text: '{"a": "https://us-east-1.api.example-cloud.com", "b": "https://us.east-1.api.example-cloud.com"}\n' },
    ],
  }),
];

const URL_HOST = rx('lookalike:url-host', String.raw`https?://([A-Za-z0-9.-]{4,253})`, 'g');

/** Single characters that read the same in a host name. */
const CONFUSABLE = new Set(['0o', 'o0', '1l', 'l1', '1i', 'i1']);
/** Letter groups that read as one letter. */
const CONFUSABLE_GROUPS: ReadonlyArray<[string, string]> = [
  ['rn', 'm'],
  ['vv', 'w'],
];
const MAX_HOSTS = 200;

/** Words a phishing host adds to a brand with a hyphen (`paypal-secure.com`, `github-login.net`). */
const LURE_WORDS = new Set(['secure', 'login', 'signin', 'verify', 'verification', 'auth', 'account', 'accounts', 'wallet', 'support', 'security', 'update']);

/** What the pairwise comparison reads of a host, computed once per host (not once per pair). */
interface HostInfo {
  host: string;
  /** siteOf(host). */
  site: string;
  /** The site's first label: the brand of a real host, the label a look-alike spells. */
  label: string;
  /** Whether the site has a second label (a host of one label names no registrable domain). */
  twoLabels: boolean;
}

function hostInfo(host: string): HostInfo {
  const site = siteOf(host);
  const labels = site.split('.');
  return { host, site, label: labels[0], twoLabels: labels[1] !== undefined };
}

/** Whether `label` is `${brand}-${word}` or `${word}-${brand}` for a lure word. */
function isLureLabel(label: string, brand: string): boolean {
  const rest = label.length - brand.length - 1;
  if (rest <= 0) return false;
  if (label.charCodeAt(brand.length) === 45 /* - */ && label.startsWith(brand) && LURE_WORDS.has(label.slice(brand.length + 1))) return true;
  return label.charCodeAt(rest) === 45 && label.endsWith(brand) && LURE_WORDS.has(label.slice(0, rest));
}

/**
 * `login-microsoft.com` next to `login.microsoft.com` (a dot turned into a hyphen moves the name
 * into a domain anyone can register), or `paypal-secure.com` next to `paypal.com` (the brand plus a
 * lure word): the look-alike is `b`.
 */
function separatorLookalike(a: HostInfo, b: HostInfo): boolean {
  const x = a.host;
  const y = b.host;
  if (x.length === y.length) {
    let diff = -1;
    for (let i = 0; i < x.length; i++) {
      if (x.charCodeAt(i) === y.charCodeAt(i)) continue;
      if (diff >= 0 || x[i] !== '.' || y[i] !== '-') return false;
      diff = i;
    }
    return diff >= 0;
  }
  if (a.label.length < 4 || !a.twoLabels) return false;
  return isLureLabel(b.label, a.label);
}

/** Whether `b` is `a` with one confusable swap; the look-alike is the one with the digit / group. */
function lookalikeOf(ia: HostInfo, ib: HostInfo): string | null {
  if (separatorLookalike(ia, ib)) return ib.host;
  if (separatorLookalike(ib, ia)) return ia.host;
  const a = ia.host;
  const b = ib.host;
  if (a.length === b.length) {
    let diff = -1;
    for (let i = 0; i < a.length; i++) {
      if (a.charCodeAt(i) === b.charCodeAt(i)) continue;
      if (diff >= 0) return null;
      diff = i;
    }
    if (diff < 0 || !CONFUSABLE.has(a[diff] + b[diff])) return null;
    // The digit is the imitation; between two letters (l / i) no side can be told: not reported.
    if (/\d/.test(a[diff])) return a;
    if (/\d/.test(b[diff])) return b;
    return null;
  }
  for (const [group, letter] of CONFUSABLE_GROUPS) {
    if (a.length === b.length + group.length - letter.length && a.includes(group) && a.replace(group, letter) === b) return a;
    if (b.length === a.length + group.length - letter.length && b.includes(group) && b.replace(group, letter) === a) return b;
  }
  return null;
}

/** Registrable part of a host (its last two labels), where a look-alike has to differ to matter. */
function siteOf(host: string): string {
  const parts = host.split('.');
  return parts.slice(-2).join('.');
}

function run(ctx: SkillContext): void {
  // First occurrence (file, line) of every host named in the skill.
  const where = new Map<string, { f: (typeof ctx.texts)[number]; line: number }>();
  for (const f of ctx.texts) {
    // The lines holding `://`, found from its occurrences in the text (normLines is norm split at \n).
    const text = f.norm;
    const lines = f.normLines;
    let i = 0;
    let lineStart = 0;
    for (let at = text.indexOf('://'); at >= 0 && where.size < MAX_HOSTS; ) {
      while (lineStart + lines[i].length < at) {
        lineStart += lines[i].length + 1;
        i++;
      }
      const line = lines[i];
      if (line.length <= 4000) {
        URL_HOST.lastIndex = 0;
        let m: RegExpExecArray | null;
        while ((m = URL_HOST.exec(line)) !== null) {
          const host = m[1].toLowerCase().replace(/\.$/, '');
          if (!where.has(host)) where.set(host, { f, line: i });
        }
      }
      at = text.indexOf('://', lineStart + line.length);
    }
  }
  if (where.size < 2) return;
  const hosts = [...where.keys()].map(hostInfo);
  const reported = new Set<string>();
  for (let i = 0; i < hosts.length; i++) {
    for (let j = i + 1; j < hosts.length; j++) {
      const fake = lookalikeOf(hosts[i], hosts[j]);
      // Only a swap inside the registrable name is a different owner (`api1.x.com` / `apil.x.com` is one site).
      if (!fake || reported.has(fake) || hosts[i].site === hosts[j].site) continue;
      reported.add(fake);
      const at = where.get(fake);
      if (at) ctx.emit(fileHit('exfil-lookalike-host', at.f, at.line));
    }
  }
}

export const lookalikeHostsAnalyzer: Analyzer = {
  name: 'lookalike-hosts',
  phase: 'main',
  rules: LOOKALIKE_HOST_RULES,
  run,
};
