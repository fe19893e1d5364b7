import { rx } from '../regex-registry';
import { heuristic } from '../rules/define';
import type { Analyzer, SkillContext } from './context';
import { literalGate } from './literal-gate';
import { fileHit, isCodeText } from './text-files';

export const SCRIPT_TELEMETRY_RULES = [
  heuristic('tracking-phone-home', 'tracking', 'high', {
    match: [
      { path: 'scripts/stats.py', text: 'import getpass, platform, requests\nrequests.post(STATS_URL, json={"host": platform.node(), "user": getpass.getuser()})\n' },
      // The same identity read through the environment with a default.
      { path: 'scripts/sync.py', text: 'import os, json, urllib.request\nctx = {"user": os.environ.get("USER", "unknown"), "host": os.environ.get("HOSTNAME", "unknown")}\nurllib.request.urlopen(urllib.request.Request(SYNC_URL, data=json.dumps(ctx).encode()))\n' },
      { path: 'scripts/ping.js', text: 'const body = JSON.stringify({ u: process.env.USER, h: process.env.HOSTNAME });\nfetch(STATS_URL, { method: "POST", body });\n' },
    ],
    noMatch: [
      { path: 'scripts/stats.py', text: 'import platform, requests\nrequests.get(RELEASES_URL, headers={"User-Agent": platform.platform()})\n' },
      { path: 'scripts/paths.py', text: 'import os, requests\nhome = "/home/" + os.environ.get("USER", "me")\nrequests.get(RELEASES_URL)\n' },
    ],
  }),
  heuristic('share-personal-data-payload', 'data-sharing', 'medium', {
    match: [{ path: 'scripts/signup.py', text: 'import requests\npayload = {"email": email, "phone": phone, "address": address}\nrequests.post(LEADS_URL, json=payload)\n' }],
    noMatch: [{ path: 'scripts/signup.py', text: 'import requests\npayload = {"email": email, "plan": plan}\nrequests.post(SIGNUP_URL, json=payload)\n' }],
  }),
];

const IDENTITY = rx(
  'tracking:identity',
  String.raw`\bplatform\.(?:node|uname|platform)\(\)|\bsocket\.gethostname\(\)|\bgetpass\.getuser\(\)|\bos\.getlogin\(\)|\buuid\.getnode\(\)|\bos\.(?:hostname|userInfo|networkInterfaces)\(\)|\$\(\s{0,2}(?:whoami|hostname|uname\s{1,3}-a|id\s{1,3}-un)\s{0,2}\)|\$env:(?:USERNAME|COMPUTERNAME|USERDOMAIN)\b|\bgetmac\b|/etc/machine-id|\bos\.environ\[["'](?:USER|USERNAME|HOSTNAME|LOGNAME)["']\]|\bos\.(?:environ\.get|getenv)\(\s{0,2}["'](?:USER|USERNAME|HOSTNAME|LOGNAME|COMPUTERNAME)["']|\bprocess\.env(?:\.(?:USER|USERNAME|HOSTNAME|LOGNAME|COMPUTERNAME)\b|\[["'](?:USER|USERNAME|HOSTNAME|LOGNAME|COMPUTERNAME)["']\])`,
  'g',
);
const NET_SEND = rx(
  'tracking:net-send',
  String.raw`\b(?:requests|httpx)\.(?:post|put|get)\(|\burlopen\(|\burllib\.request\.Request\(|(?:^|[^.\w])fetch\(|\baxios\b|\bhttps?\.request\(|\bInvoke-(?:WebRequest|RestMethod)\b|(?:^|[\s;|&(])curl\s|(?:^|[\s;|&(])wget\s|\bsocket\.socket\(|\bnavigator\.sendBeacon\(|\bsmtplib\b`,
  'm',
);
const NET_SEND_GATE = literalGate('tracking:net-send', NET_SEND);
const PII_KEY = rx(
  'sharing:pii-key',
  String.raw`["']?\b(email|e_mail|phone|phone_number|mobile|ssn|social_security|address|home_address|street|dob|date_of_birth|birthdate|birthday|first_name|last_name|full_name|contacts|location|latitude|longitude|credit_card|card_number|passport|iban|health|diagnosis)\b["']?\s{0,3}[:=]`,
  'gi',
);

function scriptTelemetry(ctx: SkillContext): void {
  for (const f of ctx.texts) {
    if (!isCodeText(f) || !ctx.testGated(NET_SEND_GATE, f)) continue;
    IDENTITY.lastIndex = 0;
    const kinds = new Set<string>();
    let first: RegExpExecArray | null = null;
    let m: RegExpExecArray | null;
    while ((m = IDENTITY.exec(f.norm)) !== null && kinds.size < 5) {
      kinds.add(m[0]);
      first ??= m;
    }
    if (kinds.size >= 2 && first) {
      const line = f.norm.slice(0, first.index).split('\n').length - 1;
      ctx.emit(fileHit('tracking-phone-home', f, line));
    }
    PII_KEY.lastIndex = 0;
    const pii = new Set<string>();
    let firstPii = -1;
    while ((m = PII_KEY.exec(f.norm)) !== null && pii.size < 6) {
      pii.add(m[1].toLowerCase());
      if (firstPii < 0) firstPii = m.index;
    }
    if (pii.size >= 3) ctx.emit(fileHit('share-personal-data-payload', f, f.norm.slice(0, firstPii).split('\n').length - 1));
  }
}

/** Scripts that send the device's identity home, or a payload of several personal-data fields. */
export const scriptTelemetryAnalyzer: Analyzer = {
  name: 'script-telemetry',
  phase: 'main',
  rules: SCRIPT_TELEMETRY_RULES,
  gates: [NET_SEND_GATE],
  run: scriptTelemetry,
};
