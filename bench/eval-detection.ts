/**
 * Detection evaluation of the static engine (what the service answers with `useAi: false`: the same
 * rules, verdict and score) on every shared corpus and on the labeled fixtures.
 *
 * Run: `npm run eval:detection` (exit code 1 when a target fails). Options:
 *   --json FILE   also write the summary as JSON (compare runs before / after a change)
 *   --list        list every benign alarm and every missed malicious skill
 *
 * Prints per corpus, per source (repository or research source) and per category the flagged
 * (review or block) and blocked rates, the ten rules behind most benign alarms, the rule hit rates
 * per malicious source and a leave-one-source-out view (see `looView`).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluate, RULE_CATALOG } from '../src/core/engine';
import type { EngineResult, RuleSettings, Severity, Verdict } from '../src/core/engine';
import { loadSharedCorpus, loadSkillFolder, SHARED_CORPORA, type CorpusSkill } from './corpora';
import { FIXTURES_DIR } from '../test/fixtures/skills/load-fixtures';
import { readFileSync } from 'node:fs';

export const TARGETS = {
  fixturesRecall: 0.97,
  fixturesBenignBlocked: 0,
  vendorFlagged: 0.05,
  vendorBlocked: 0.005,
  publicBlocked: 0,
  maliciousFlagged: 0.75,
  maliciousBlocked: 0.55,
  maliciousSourceFlagged: 0.5,
};

export interface SkillOutcome {
  corpus: string;
  id: string;
  label: 'benign' | 'malicious';
  source: string;
  categories: string[];
  verdict: Verdict;
  riskScore: number;
  /** Highest severity per rule among findings above info. */
  rules: Map<string, Severity>;
  bytes: number;
}

export interface Rate {
  total: number;
  flagged: number;
  blocked: number;
}

export interface CorpusReport extends Rate {
  corpus: string;
  label: 'benign' | 'malicious';
  bySource: Map<string, Rate>;
  byCategory: Map<string, Rate>;
}

export interface LooRow {
  source: string;
  total: number;
  /** Flagged / blocked with every rule. */
  full: Rate;
  /** Flagged / blocked with only the rules that also fire on malicious skills of another source. */
  loo: Rate;
  /** Rules that fire on this source's skills and on no other malicious source (own-source only). */
  ownOnly: string[];
}

export interface DetectionReport {
  outcomes: SkillOutcome[];
  corpora: CorpusReport[];
  /** rule → benign skills (vendor + public + fixtures) whose alarm it is part of. */
  benignAlarmRules: Array<{ ruleId: string; skills: number; blocks: number }>;
  /** rule → skills with a finding above info per malicious source. */
  ruleSourceHits: Map<string, Map<string, number>>;
  loo: LooRow[];
  /** Engine time over benign-vendor (ms) and its text size (bytes). */
  vendorTiming: { ms: number; bytes: number };
  checks: Array<{ name: string; value: string; target: string; ok: boolean }>;
  ok: boolean;
}

const SEV_RANK: Record<Severity, number> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

function textBytes(s: CorpusSkill): number {
  let n = 0;
  for (const f of s.files) if (f.content !== null) n += Buffer.byteLength(f.content, 'utf8');
  return n;
}

function outcomeOf(s: CorpusSkill, r: EngineResult): SkillOutcome {
  const rules = new Map<string, Severity>();
  for (const f of r.findings) {
    if (f.severity === 'info') continue;
    const prev = rules.get(f.ruleId);
    if (!prev || SEV_RANK[f.severity] > SEV_RANK[prev]) rules.set(f.ruleId, f.severity);
  }
  return { corpus: s.corpus, id: s.id, label: s.label, source: s.source, categories: s.categories, verdict: r.verdict, riskScore: r.riskScore, rules, bytes: textBytes(s) };
}

/** The labeled fixtures, loaded like the service ingests them (risky = malicious). */
export function loadFixtures(): CorpusSkill[] {
  const labels = JSON.parse(readFileSync(join(FIXTURES_DIR, 'labels.json'), 'utf8')) as Record<string, { label: 'risky' | 'benign'; category: string; variant: string }>;
  return Object.entries(labels).map(([name, l]) => ({
    corpus: 'fixtures',
    id: name,
    label: l.label === 'risky' ? 'malicious' : 'benign',
    source: `fixtures ${l.label} ${l.variant}`,
    categories: [l.category],
    files: loadSkillFolder(join(FIXTURES_DIR, l.label, name)),
  }));
}

function emptyRate(): Rate {
  return { total: 0, flagged: 0, blocked: 0 };
}

function count(rate: Rate, verdict: Verdict): void {
  rate.total++;
  if (verdict !== 'pass') rate.flagged++;
  if (verdict === 'block') rate.blocked++;
}

function corpusReport(corpus: string, outs: SkillOutcome[]): CorpusReport {
  const rep: CorpusReport = { corpus, label: outs[0]?.label ?? 'benign', ...emptyRate(), bySource: new Map(), byCategory: new Map() };
  for (const o of outs) {
    count(rep, o.verdict);
    let s = rep.bySource.get(o.source);
    if (!s) rep.bySource.set(o.source, (s = emptyRate()));
    count(s, o.verdict);
    for (const c of o.categories) {
      let r = rep.byCategory.get(c);
      if (!r) rep.byCategory.set(c, (r = emptyRate()));
      count(r, o.verdict);
    }
  }
  return rep;
}

/**
 * Leave-one-source-out view of the malicious sources. The rules were written while looking at all
 * sources, so a true hold-out is not possible after the fact; what can be checked is whether a
 * source's detection rests on rules that nothing else supports. For each source S, the skills of S
 * are evaluated again with every rule disabled that fires (above info) on no malicious skill of
 * another source (the other research sources and the hand-written fixtures). Combination rules
 * stay enabled but only see the remaining findings. A large drop from `full` to `loo` means S is
 * caught by rules that only S exercises — likely fitted to it.
 */
function looView(skills: CorpusSkill[], outcomes: SkillOutcome[], rescore: boolean): { loo: LooRow[]; ruleSourceHits: Map<string, Map<string, number>> } {
  const ruleSourceHits = new Map<string, Map<string, number>>();
  const malicious = outcomes.filter((o) => o.label === 'malicious');
  for (const o of malicious) {
    for (const ruleId of o.rules.keys()) {
      let m = ruleSourceHits.get(ruleId);
      if (!m) ruleSourceHits.set(ruleId, (m = new Map()));
      m.set(o.source, (m.get(o.source) ?? 0) + 1);
    }
  }
  const sourceGroup = (source: string) => (source.startsWith('fixtures') ? 'fixtures' : source);
  const sources = [...new Set(malicious.filter((o) => o.corpus !== 'fixtures').map((o) => o.source))].sort();
  const loo: LooRow[] = [];
  if (!rescore) return { loo, ruleSourceHits };
  for (const source of sources) {
    const supported = new Set<string>();
    for (const [ruleId, bySource] of ruleSourceHits) {
      for (const s of bySource.keys()) if (sourceGroup(s) !== sourceGroup(source)) supported.add(ruleId);
    }
    const settings: RuleSettings = new Map(
      RULE_CATALOG.filter((r) => !supported.has(r.ruleId) && !r.ruleId.startsWith('combo-')).map((r) => [r.ruleId, { severity: r.severity, enabled: false }]),
    );
    const full = emptyRate();
    const left = emptyRate();
    const own = new Set<string>();
    skills.forEach((s, i) => {
      const o = outcomes[i];
      if (o.label !== 'malicious' || o.source !== source) return;
      count(full, o.verdict);
      count(left, evaluate(s.files, settings).verdict);
      for (const ruleId of o.rules.keys()) if (!supported.has(ruleId) && !ruleId.startsWith('combo-')) own.add(ruleId);
    });
    loo.push({ source, total: full.total, full, loo: left, ownOnly: [...own].sort() });
  }
  return { loo, ruleSourceHits };
}

export function runDetectionEval(options: { loo?: boolean } = {}): DetectionReport {
  const skills: CorpusSkill[] = [...loadFixtures()];
  for (const name of SHARED_CORPORA) skills.push(...loadSharedCorpus(name));
  const outcomes: SkillOutcome[] = [];
  let vendorMs = 0;
  let vendorBytes = 0;
  for (const s of skills) {
    const t0 = process.hrtime.bigint();
    const r = evaluate(s.files);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const o = outcomeOf(s, r);
    if (s.corpus === 'benign-vendor') {
      vendorMs += ms;
      vendorBytes += o.bytes;
    }
    outcomes.push(o);
  }
  const corpora = ['fixtures', ...SHARED_CORPORA].flatMap((c) =>
    c === 'fixtures'
      ? [corpusReport('fixtures (risky)', outcomes.filter((o) => o.corpus === c && o.label === 'malicious')), corpusReport('fixtures (benign)', outcomes.filter((o) => o.corpus === c && o.label === 'benign'))]
      : [corpusReport(c, outcomes.filter((o) => o.corpus === c))],
  );

  // A rule is "behind" a benign alarm when it has a finding of the severity that decides the verdict
  // (critical for a block; high / medium / low for a review).
  const alarm = new Map<string, { skills: number; blocks: number }>();
  for (const o of outcomes) {
    if (o.label !== 'benign' || o.verdict === 'pass') continue;
    for (const [ruleId, sev] of o.rules) {
      if (o.verdict === 'block' && sev !== 'critical') continue;
      const a = alarm.get(ruleId) ?? { skills: 0, blocks: 0 };
      a.skills++;
      if (o.verdict === 'block') a.blocks++;
      alarm.set(ruleId, a);
    }
  }
  const benignAlarmRules = [...alarm].map(([ruleId, a]) => ({ ruleId, ...a })).sort((a, b) => b.skills - a.skills || b.blocks - a.blocks || (a.ruleId < b.ruleId ? -1 : 1));
  const { loo, ruleSourceHits } = looView(skills, outcomes, options.loo !== false);

  const get = (name: string) => corpora.find((c) => c.corpus === name) as CorpusReport;
  const fr = get('fixtures (risky)');
  const fb = get('fixtures (benign)');
  const bv = get('benign-vendor');
  const bp = get('benign-public');
  const mp = get('malicious-public');
  const rate = (n: number, d: number) => (d ? n / d : 0);
  const checks: DetectionReport['checks'] = [];
  const check = (name: string, value: number, target: string, ok: boolean, asCount = false) => checks.push({ name, value: asCount ? String(value) : pct(value), target, ok });
  check('fixtures: recall (flagged)', rate(fr.flagged, fr.total), '>= 97 %', rate(fr.flagged, fr.total) >= TARGETS.fixturesRecall);
  check('fixtures: benign blocked', fb.blocked, '0', fb.blocked <= TARGETS.fixturesBenignBlocked, true);
  check('benign-vendor: flagged', rate(bv.flagged, bv.total), '<= 5 %', rate(bv.flagged, bv.total) <= TARGETS.vendorFlagged);
  check('benign-vendor: blocked', rate(bv.blocked, bv.total), '<= 0.5 %', rate(bv.blocked, bv.total) <= TARGETS.vendorBlocked);
  check('benign-public: blocked', bp.blocked, '0', bp.blocked <= TARGETS.publicBlocked, true);
  check('malicious-public: flagged', rate(mp.flagged, mp.total), '>= 75 %', rate(mp.flagged, mp.total) >= TARGETS.maliciousFlagged);
  check('malicious-public: blocked', rate(mp.blocked, mp.total), '>= 55 %', rate(mp.blocked, mp.total) >= TARGETS.maliciousBlocked);
  const weakest = [...mp.bySource.values()].reduce((m, s) => Math.min(m, rate(s.flagged, s.total)), 1);
  check('malicious-public: weakest source flagged', weakest, '>= 50 %', weakest >= TARGETS.maliciousSourceFlagged);
  return {
    outcomes,
    corpora,
    benignAlarmRules,
    ruleSourceHits,
    loo,
    vendorTiming: { ms: vendorMs, bytes: vendorBytes },
    checks,
    ok: checks.every((c) => c.ok),
  };
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)} %`;
}

function rateCells(r: Rate): string {
  const p = (n: number) => (r.total ? pct(n / r.total) : '-').padStart(8);
  return `${String(r.total).padStart(5)} ${p(r.flagged)} ${p(r.blocked)}`;
}

function printReport(r: DetectionReport, list: boolean): void {
  const out = (s = '') => console.log(s);
  out('Static engine (useAi false) — flagged = review or block');
  out(`${'corpus / source / category'.padEnd(58)} ${'n'.padStart(5)} ${'flagged'.padStart(8)} ${'blocked'.padStart(8)}`);
  for (const c of r.corpora) {
    out(`${c.corpus.padEnd(58)} ${rateCells(c)}`);
    if (c.bySource.size > 1 || c.label === 'malicious') for (const [s, v] of [...c.bySource].sort()) out(`  ${s.padEnd(56)} ${rateCells(v)}`);
    if (c.byCategory.size > 0 && !c.corpus.startsWith('fixtures (benign')) {
      out('  per category:');
      for (const [k, v] of [...c.byCategory].sort()) out(`    ${k.padEnd(54)} ${rateCells(v)}`);
    }
  }
  out('\nTen rules behind most benign alarms (skills in all benign corpora; blocks = as critical in a blocked skill):');
  for (const a of r.benignAlarmRules.slice(0, 10)) out(`  ${a.ruleId.padEnd(48)} ${String(a.skills).padStart(4)} skills  ${String(a.blocks).padStart(3)} blocks`);

  const sources = [...new Set(r.outcomes.filter((o) => o.label === 'malicious' && o.corpus !== 'fixtures').map((o) => o.source))].sort();
  const total = new Map(sources.map((s) => [s, r.outcomes.filter((o) => o.source === s).length]));
  out('\nRule hit rates per malicious source (% of the source\'s skills with a finding above info; rules on >= 3 skills):');
  out(`  ${'rule'.padEnd(46)}${sources.map((s) => s.slice(0, 6).padStart(7)).join('')}  benign`);
  const benignHits = new Map<string, number>();
  for (const o of r.outcomes) if (o.label === 'benign') for (const k of o.rules.keys()) benignHits.set(k, (benignHits.get(k) ?? 0) + 1);
  const rows = [...r.ruleSourceHits].map(([ruleId, m]) => ({ ruleId, m, n: sources.reduce((a, s) => a + (m.get(s) ?? 0), 0) })).filter((x) => x.n >= 3).sort((a, b) => b.n - a.n);
  for (const { ruleId, m } of rows) {
    out(`  ${ruleId.padEnd(46)}${sources.map((s) => `${Math.round((100 * (m.get(s) ?? 0)) / (total.get(s) ?? 1))}`.padStart(7)).join('')}  ${String(benignHits.get(ruleId) ?? 0).padStart(6)}`);
  }
  out('\nLeave-one-source-out: each source scored with only the rules that also fire on another malicious source (fixtures count as one):');
  out(`  ${'source'.padEnd(34)} ${'n'.padStart(4)}  flagged full → loo   blocked full → loo   own-source-only rules`);
  for (const l of r.loo) {
    const f = (x: Rate, k: 'flagged' | 'blocked') => pct(x[k] / (x.total || 1)).padStart(7);
    out(`  ${l.source.padEnd(34)} ${String(l.total).padStart(4)}  ${f(l.full, 'flagged')} → ${f(l.loo, 'flagged')}   ${f(l.full, 'blocked')} → ${f(l.loo, 'blocked')}   ${l.ownOnly.join(', ') || '-'}`);
  }
  const mb = r.vendorTiming.bytes / 1e6;
  out(`\nEngine time over benign-vendor: ${r.vendorTiming.ms.toFixed(0)} ms for ${mb.toFixed(2)} MB of text (${(mb / (r.vendorTiming.ms / 1000)).toFixed(1)} MB/s, single pass incl. JIT warm-up)`);
  if (list) {
    out('\nBenign alarms:');
    for (const o of r.outcomes.filter((x) => x.label === 'benign' && x.verdict !== 'pass')) {
      out(`  ${o.verdict.padEnd(6)} ${String(o.riskScore).padStart(3)} ${o.corpus}/${o.id}: ${[...o.rules].map(([k, s]) => `${k}:${s}`).join(', ')}`);
    }
    out('\nMalicious missed (pass) / not blocked (review):');
    for (const o of r.outcomes.filter((x) => x.label === 'malicious' && x.verdict !== 'block')) {
      out(`  ${o.verdict.padEnd(6)} ${String(o.riskScore).padStart(3)} ${o.corpus}/${o.id} [${o.categories.join('; ')}]: ${[...o.rules].map(([k, s]) => `${k}:${s}`).join(', ')}`);
    }
  }
  out('\nTargets:');
  for (const c of r.checks) out(`  ${c.name.padEnd(44)} ${c.value.padStart(8)}   target ${c.target.padEnd(9)} ${c.ok ? 'ok' : 'FAIL'}`);
  out(r.ok ? '\nAll detection targets met.' : '\nDetection targets NOT met.');
}

function summary(r: DetectionReport): unknown {
  const rates = (m: Map<string, Rate>) => Object.fromEntries([...m].sort().map(([k, v]) => [k, v]));
  return {
    corpora: r.corpora.map((c) => ({ corpus: c.corpus, total: c.total, flagged: c.flagged, blocked: c.blocked, bySource: rates(c.bySource), byCategory: rates(c.byCategory) })),
    benignAlarmRules: r.benignAlarmRules.slice(0, 20),
    loo: r.loo,
    checks: r.checks,
    outcomes: r.outcomes.map((o) => ({ corpus: o.corpus, id: o.id, verdict: o.verdict, riskScore: o.riskScore, rules: Object.fromEntries(o.rules) })),
  };
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const r = runDetectionEval();
  printReport(r, args.includes('--list'));
  const j = args.indexOf('--json');
  if (j >= 0 && args[j + 1]) writeFileSync(args[j + 1], JSON.stringify(summary(r), null, 1));
  process.exit(r.ok ? 0 : 1);
}
