/**
 * Detection evaluation of the static engine on the labeled fixture corpus and on the shared
 * corpus of real benign skills. Run: `npm run eval:detection` (exit code 1 when a target fails).
 */
import { resolve } from 'node:path';
import { evaluate } from '../src/core/engine';
import type { EngineResult } from '../src/core/engine';
import { loadCorpusDir, loadLabeledCorpus } from '../test/fixtures/skills/load-fixtures';

export const TARGETS = { recall: 0.97, blockRecall: 0.85, benignBlockRate: 0.02, benignFlaggedRate: 0.1, sharedBlocks: 0 };

export interface DetectionReport {
  risky: number;
  benign: number;
  recall: number;
  blockRecall: number;
  benignBlockRate: number;
  benignFlaggedRate: number;
  perCategory: Record<string, { total: number; detected: number; blocked: number; plainDetected: number; evasiveDetected: number }>;
  missed: string[];
  notBlocked: string[];
  benignFlagged: Array<{ name: string; verdict: string; riskScore: number; rules: string[] }>;
  shared: { dir: string; total: number; blocked: number; flagged: number; details: Array<{ name: string; verdict: string; riskScore: number; rules: string[] }> };
  ok: boolean;
}

function topRules(r: EngineResult): string[] {
  return [...new Set(r.findings.filter((f) => f.severity !== 'info').map((f) => `${f.ruleId}:${f.severity}`))].slice(0, 8);
}

export function runDetectionEval(corpusDir = process.env.CORPUS_DIR ?? resolve(__dirname, '..', '..', 'shared', 'corpus', 'benign-public')): DetectionReport {
  const skills = loadLabeledCorpus();
  const perCategory: DetectionReport['perCategory'] = {};
  const missed: string[] = [];
  const notBlocked: string[] = [];
  const benignFlagged: DetectionReport['benignFlagged'] = [];
  let risky = 0;
  let detected = 0;
  let blocked = 0;
  let benign = 0;
  let benignBlocked = 0;
  let benignFlaggedCount = 0;
  for (const s of skills) {
    const r = evaluate(s.files);
    if (s.label === 'risky') {
      risky++;
      const c = (perCategory[s.category] ??= { total: 0, detected: 0, blocked: 0, plainDetected: 0, evasiveDetected: 0 });
      c.total++;
      const hit = r.verdict !== 'pass';
      if (hit) {
        detected++;
        c.detected++;
        if (s.variant === 'plain') c.plainDetected++;
        else c.evasiveDetected++;
      } else missed.push(s.name);
      if (r.verdict === 'block') {
        blocked++;
        c.blocked++;
      } else notBlocked.push(`${s.name} (${r.verdict} ${r.riskScore}: ${topRules(r).join(', ')})`);
    } else {
      benign++;
      if (r.verdict === 'block') benignBlocked++;
      if (r.verdict !== 'pass') {
        benignFlaggedCount++;
        benignFlagged.push({ name: s.name, verdict: r.verdict, riskScore: r.riskScore, rules: topRules(r) });
      }
    }
  }
  const sharedSkills = loadCorpusDir(corpusDir);
  const details = sharedSkills.map((s) => {
    const r = evaluate(s.files);
    return { name: s.name, verdict: r.verdict, riskScore: r.riskScore, rules: topRules(r) };
  });
  const shared = {
    dir: corpusDir,
    total: details.length,
    blocked: details.filter((d) => d.verdict === 'block').length,
    flagged: details.filter((d) => d.verdict !== 'pass').length,
    details,
  };
  const report: DetectionReport = {
    risky,
    benign,
    recall: risky ? detected / risky : 0,
    blockRecall: risky ? blocked / risky : 0,
    benignBlockRate: benign ? benignBlocked / benign : 0,
    benignFlaggedRate: benign ? benignFlaggedCount / benign : 0,
    perCategory,
    missed,
    notBlocked,
    benignFlagged,
    shared,
    ok: false,
  };
  report.ok =
    report.recall >= TARGETS.recall &&
    report.blockRecall >= TARGETS.blockRecall &&
    report.benignBlockRate <= TARGETS.benignBlockRate &&
    report.benignFlaggedRate <= TARGETS.benignFlaggedRate &&
    shared.blocked <= TARGETS.sharedBlocks;
  return report;
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)} %`;
}

if (require.main === module) {
  const r = runDetectionEval();
  const line = (label: string, value: string, target: string, ok: boolean) => console.log(`${label.padEnd(34)} ${value.padStart(10)}   target ${target.padEnd(8)} ${ok ? 'ok' : 'FAIL'}`);
  console.log(`Labeled fixtures: ${r.risky} risky, ${r.benign} benign`);
  line('Recall (review or block)', pct(r.recall), '>= 97 %', r.recall >= TARGETS.recall);
  line('Block recall', pct(r.blockRecall), '>= 85 %', r.blockRecall >= TARGETS.blockRecall);
  line('Benign block rate', pct(r.benignBlockRate), '<= 2 %', r.benignBlockRate <= TARGETS.benignBlockRate);
  line('Benign flagged (non-pass) rate', pct(r.benignFlaggedRate), '<= 10 %', r.benignFlaggedRate <= TARGETS.benignFlaggedRate);
  console.log('\nPer category (detected / blocked / total; plain / evasive detected):');
  for (const [cat, c] of Object.entries(r.perCategory).sort()) {
    console.log(`  ${cat.padEnd(24)} ${c.detected}/${c.blocked}/${c.total}   plain ${c.plainDetected}  evasive ${c.evasiveDetected}`);
  }
  if (r.missed.length) console.log('\nMissed risky:', r.missed.join(', '));
  if (r.notBlocked.length) console.log('\nRisky not blocked:\n  ' + r.notBlocked.join('\n  '));
  if (r.benignFlagged.length) console.log('\nBenign flagged:\n  ' + r.benignFlagged.map((b) => `${b.name} ${b.verdict} ${b.riskScore}: ${b.rules.join(', ')}`).join('\n  '));
  console.log(`\nShared corpus ${r.shared.dir}: ${r.shared.total} skills, ${r.shared.blocked} blocked, ${r.shared.flagged} flagged`);
  for (const d of r.shared.details) console.log(`  ${d.name.padEnd(24)} ${d.verdict.padEnd(7)} ${String(d.riskScore).padStart(3)}  ${d.rules.join(', ')}`);
  const sharedOk = r.shared.blocked <= TARGETS.sharedBlocks;
  line('\nShared corpus blocks', String(r.shared.blocked), '0', sharedOk);
  console.log(r.ok ? '\nAll detection targets met.' : '\nDetection targets NOT met.');
  process.exit(r.ok ? 0 : 1);
}
