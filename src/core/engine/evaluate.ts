import type { SkillFile } from '../ingest/ingest.types';
import type { EngineCheckpoint, EngineFinding, EngineResult, RuleSettings, Severity } from './engine.types';
import { AXIS_OF_CATEGORY, CATEGORY_AXIS, checkpointIdOfCategory } from './categories';
import { RULE_META } from './catalog';
import { compilePatternRules, fileHasSet, lineHasSet, PER_RULE_FILE_CAP, runPatternRules, runScannedPatternRules, searchFlaggedLines, type TargetLines } from './pattern-runner';
import { PATTERN_RULES } from './rules';
import type { FileFacts, Hit, RuleDef } from './rule-types';
import { shiftSeverity, sevRank } from './severity';
import { scoreReport } from './scoring';
import { rx } from './regex-registry';
import { analyzeMarkdown, type MarkdownInfo } from './text/markdown';
import { buildFacts } from './text/file-facts';
import { makeSnippet } from './text/snippet';
import { ScanArena } from './text/keyword-automaton';
import type { Analyzer, SkillContext } from './analyzers/context';
import { frontmatterAnalyzer, parseFrontmatter, type Frontmatter } from './analyzers/frontmatter';
import { unicodeAnalyzer } from './analyzers/unicode';
import { hiddenAnalyzer } from './analyzers/hidden';
import { obfuscationAnalyzer } from './analyzers/obfuscation';
import { toolPermissionsAnalyzer } from './analyzers/tool-permissions';
import { builtinShadowingAnalyzer } from './analyzers/builtin-shadowing';
import { supplyChainAnalyzer } from './analyzers/supply-chain';
import { binariesAnalyzer } from './analyzers/binaries';
import { scriptTelemetryAnalyzer } from './analyzers/script-telemetry';
import { secretsEnvAnalyzer } from './analyzers/secrets-env';
import { personalDataAnalyzer } from './analyzers/personal-data';
import { offlineClaimAnalyzer } from './analyzers/offline-claim';
import { combinations } from './analyzers/combinations';
import { dataFlowAnalyzer } from './analyzers/data-flow';
import { authorityAnalyzer } from './analyzers/authority';
import { lookalikeHostsAnalyzer } from './analyzers/lookalike-hosts';
import { ruleById } from './analyzers/rule-lookup';
import type { LiteralGate } from './analyzers/literal-gate';
import { ENGINE_SWITCHES } from './switches';
import {
  DECLARED_PURPOSE_DELTA,
  declaredPurposeRules,
  isOwnInstallerLine,
  isOwnServiceLine,
  isPatternCatalogueLine,
  OWN_INSTALLER_RULES,
  OWN_SERVICE_DELTA,
  OWN_SERVICE_RULES,
  PATTERN_CATALOGUE_DELTA,
  skillIdentity,
} from './analyzers/purpose';

const ANALYZERS: readonly Analyzer[] = [
  frontmatterAnalyzer,
  unicodeAnalyzer,
  obfuscationAnalyzer,
  toolPermissionsAnalyzer,
  builtinShadowingAnalyzer,
  supplyChainAnalyzer,
  binariesAnalyzer,
  scriptTelemetryAnalyzer,
  secretsEnvAnalyzer,
  personalDataAnalyzer,
  dataFlowAnalyzer,
  authorityAnalyzer,
  lookalikeHostsAnalyzer,
  hiddenAnalyzer,
  offlineClaimAnalyzer,
];
/** The keyword pass also flags the lines holding the literals of the analyzers' gates (literal-gate.ts). */
const GATES: readonly LiteralGate[] = ANALYZERS.flatMap((a) => a.gates ?? []).filter((g) => g.literals !== null);
const COMPILED = compilePatternRules(
  PATTERN_RULES,
  GATES.map((g) => g.literals as readonly string[]),
);
/** Flag index of each gate with literals (a gate without any is always open). */
const GATE_SET = new Map<LiteralGate, number>(GATES.map((g, i) => [g, COMPILED.extraSets[i]]));
/**
 * Memory of the keyword passes' results (per-line flags and line starts of every file): they live
 * until evaluate() returns, so one call's results reuse the previous call's memory.
 */
const SCAN_ARENA = new ScanArena();
/** Text beyond this many characters per file is not scanned (ingestion caps entries at 10 MB anyway). */
const MAX_SCAN_CHARS = 12 * 1024 * 1024;

/** Id, category and axis of every checkpoint, in report order (the same for every run). */
const CHECKPOINT_BASES: readonly Pick<EngineCheckpoint, 'id' | 'category' | 'axis'>[] = CATEGORY_AXIS.map(([category, axis]) => ({
  id: checkpointIdOfCategory(category),
  category,
  axis: AXIS_OF_CATEGORY.get(category) ?? axis,
}));

/** What a main-phase analyzer is given as hits (it reads none). */
const NO_HITS: readonly Hit[] = Object.freeze([]);

const DISCLOSURE = rx('evaluate:telemetry-disclosure', String.raw`\b(?:telemetry|analytics|opt[- ]out|DO_NOT_TRACK|privacy policy|anonymous usage)\b`, 'i');

function findSkillMd(texts: FileFacts[]): FileFacts | null {
  let best: FileFacts | null = null;
  for (const f of texts) {
    if (f.base !== 'skill.md') continue;
    const depth = f.path.split('/').length;
    if (!best || depth < best.path.split('/').length || (depth === best.path.split('/').length && f.path < best.path)) best = f;
  }
  return best;
}

interface RunState {
  hits: Hit[];
  errored: Set<string>;
}

function effectiveSeverity(def: RuleDef | undefined, hit: Hit, settings: RuleSettings | undefined): Severity {
  const base = settings?.get(hit.ruleId)?.severity ?? def?.severity ?? 'info';
  if (hit.fixed) {
    // A fixed outcome (placeholder key → info, documented reduction) keeps its distance to the catalog default.
    if (!def || !settings?.get(hit.ruleId)) return hit.fixed;
    return shiftSeverity(base, sevRank(hit.fixed) - sevRank(def.severity));
  }
  return shiftSeverity(base, hit.delta);
}

/**
 * Runs the static rule engine over a skill's files. Never throws: a failing rule or analyzer marks
 * its checkpoint `error` and the rest of the report is still produced.
 */
export function evaluate(files: readonly SkillFile[], settings?: RuleSettings): EngineResult {
  const state: RunState = { hits: [], errored: new Set() };
  const enabled = (ruleId: string) => settings?.get(ruleId)?.enabled !== false;
  let texts: FileFacts[] = [];
  const markdown = new Map<FileFacts, MarkdownInfo | null>();
  const safeFiles = Array.isArray(files) ? files.filter((f) => f && typeof f === 'object' && typeof f.path === 'string') : [];
  try {
    for (const file of safeFiles) {
      if (typeof file.content !== 'string') continue;
      const content = file.content.length > MAX_SCAN_CHARS ? file.content.slice(0, MAX_SCAN_CHARS) : file.content;
      const facts = buildFacts(file, content);
      texts.push(facts);
      markdown.set(facts, facts.markdown ? analyzeMarkdown(facts.normLines, facts.norm) : null);
    }
  } catch {
    state.errored.add('ingest');
    texts = [];
  }

  const skillMd = findSkillMd(texts);
  let frontmatter: Frontmatter | null = null;
  try {
    const md = skillMd ? markdown.get(skillMd) : null;
    if (skillMd && md && md.frontmatterEnd > 0) frontmatter = parseFrontmatter(skillMd, md.frontmatterEnd);
  } catch {
    state.errored.add('frontmatter');
  }
  const instructionText = texts
    .filter((t) => t.kind === 'instruction')
    .map((t) => t.norm)
    .join('\n');

  const hooks = {
    emit: (h: Hit) => state.hits.push(h),
    onError: (rule: RuleDef) => state.errored.add(checkpointIdOfCategory(rule.category)),
    isEnabled: enabled,
  };

  const scanDecoded = (origin: FileFacts, line: number, text: string): Hit[] => {
    const pseudoFile: SkillFile = { ...origin.file, content: text };
    const facts = buildFacts(pseudoFile, text, true);
    const produced: Hit[] = [];
    runPatternRules(COMPILED, facts, null, {
      ...hooks,
      emit: (h) => {
        const decodedLine = facts.rawLines[(h.line ?? 1) - 1] ?? '';
        produced.push({ ...h, line: line + 1, snippet: makeSnippet(`[decoded] ${decodedLine.trim()}`, '', 0) });
      },
    });
    for (const h of produced) state.hits.push(h);
    return produced;
  };

  /** Keyword-pass results per file (lines of the analyzers' literal sets). */
  const lineHits = new Map<FileFacts, TargetLines>();
  let lastHitsFile: FileFacts | null = null;
  let lastHits: TargetLines | undefined;
  const searchGated = (gate: LiteralGate, f: FileFacts, onMatch: (m: RegExpExecArray, index: number) => boolean) =>
    // A file the keyword pass did not scan (a decoded pseudo-file, a failed pass) is searched whole.
    searchFlaggedLines(gate.search, f.norm, lineHits.get(f) ?? null, GATE_SET.get(gate), gate, onMatch);
  const ctx: SkillContext = {
    files: safeFiles,
    texts,
    markdown,
    skillMd,
    frontmatter,
    instructionText,
    scanDecoded,
    emit: hooks.emit,
    isEnabled: enabled,
    mayMatch: (gate, f, line) => {
      const si = GATE_SET.get(gate);
      if (si === undefined || !ENGINE_SWITCHES.prefilter) return true;
      // Asked line by line for one file after another: the file's keyword-pass result is cached.
      if (f !== lastHitsFile) {
        lastHitsFile = f;
        lastHits = lineHits.get(f);
      }
      // A file the keyword pass did not scan (a decoded pseudo-file, a failed pass) may match.
      if (lastHits === undefined) return true;
      return line === undefined ? fileHasSet(lastHits, si) : lineHasSet(lastHits, si, line);
    },
    searchGated,
    testGated: (gate, f) => {
      let found = false;
      searchGated(gate, f, () => (found = true));
      return found;
    },
  };

  // Phase 1: pattern rules per file, then main analyzers.
  // All keyword passes first (the automaton's table stays in the cache), then the rules per file.
  // No result of an earlier call is read any more (evaluate is synchronous and keeps none).
  SCAN_ARENA.reset();
  const scanned: (TargetLines | null)[] = texts.map((f) => {
    try {
      // The keyword pass of runPatternRules (normLines is the text split at \n: the line count is known).
      return COMPILED.automaton.scanTargets(f.norm, COMPILED.targets, f.normLines.length, SCAN_ARENA);
    } catch {
      return null;
    }
  });
  texts.forEach((f, i) => {
    const hits = scanned[i];
    try {
      if (hits === null) throw new Error('keyword pass failed');
      lineHits.set(f, runScannedPatternRules(COMPILED, f, markdown.get(f) ?? null, hooks, hits));
    } catch {
      state.errored.add('ingest');
    }
  });
  const runAnalyzer = (a: Analyzer) => {
    try {
      // Only the derive phase reads the hits (a copy: its own hits are pushed while it runs).
      a.run(ctx, a.phase === 'derive' ? state.hits.slice() : NO_HITS);
    } catch {
      for (const r of a.rules) state.errored.add(checkpointIdOfCategory(r.category));
    }
  };
  for (const a of ANALYZERS) if (a.phase === 'main') runAnalyzer(a);
  // Phase 2: analyzers that read the hits of phase 1.
  for (const a of ANALYZERS) if (a.phase === 'derive') runAnalyzer(a);

  // Disclosed telemetry weighs less (the instruction text is searched only once a tracking hit needs it).
  let disclosed: boolean | undefined;

  // A capability that is the skill's declared purpose weighs less as a finding (not in combinations).
  const declared = declaredPurposeRules(frontmatter);
  const identity = skillIdentity(frontmatter);
  /** Documentation files: where a vendor's install command is read by a person, not run by a hook or script. */
  const markdownPaths = new Set(texts.filter((t) => t.markdown).map((t) => t.file.path));
  /** Severity each finding has for the combinations (before the declared-purpose reduction). */
  const comboSeverity = new Map<EngineFinding, Severity>();

  // Settings, dedupe (one finding per rule per line), per-rule-per-file cap.
  const findings: EngineFinding[] = [];
  const seen = new Set<string>();
  const perFile = new Map<string, number>();
  for (const h of state.hits) {
    if (!enabled(h.ruleId)) continue;
    const def = ruleById(h.ruleId);
    const meta = RULE_META.get(h.ruleId);
    if (!def || !meta) continue;
    const key = `${h.ruleId}\u0000${h.file ?? ''}\u0000${h.line ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const capKey = `${h.ruleId}\u0000${h.file ?? ''}`;
    const n = perFile.get(capKey) ?? 0;
    if (n >= PER_RULE_FILE_CAP) continue;
    perFile.set(capKey, n + 1);
    let hit = h;
    if (meta.category === 'tracking' && h.ruleId !== 'tracking-phone-home' && (disclosed ??= DISCLOSURE.test(instructionText))) hit = { ...h, delta: h.delta - 1 };
    // A construct quoted in a regex (a detector's pattern catalogue) is named, not run.
    if (def.type === 'pattern' && (def.nature === 'code' || def.nature === 'reference') && h.context !== 'decoded' && !hit.fixed && isPatternCatalogueLine(h.snippet)) {
      hit = { ...hit, delta: hit.delta + PATTERN_CATALOGUE_DELTA };
    }
    const full = effectiveSeverity(def, hit, settings);
    // A rule's own escalation to critical (money moved "without asking") is not the declared capability.
    let weighed = declared.has(h.ruleId) && hit.fixed !== 'critical' ? shiftSeverity(full, DECLARED_PURPOSE_DELTA) : full;
    // The skill's own vendor installer / own service (see purpose.ts): a finding, not a block.
    const ownCap = OWN_INSTALLER_RULES.get(h.ruleId);
    if (ownCap && h.file !== null && h.context !== 'decoded' && markdownPaths.has(h.file) && sevRank(weighed) > sevRank(ownCap) && isOwnInstallerLine(h.snippet, identity)) weighed = ownCap;
    else if (OWN_SERVICE_RULES.has(h.ruleId) && !declared.has(h.ruleId) && isOwnServiceLine(h.snippet, identity)) weighed = shiftSeverity(weighed, OWN_SERVICE_DELTA);
    const finding: EngineFinding = {
      ruleId: h.ruleId,
      axis: meta.axis,
      severity: weighed,
      category: meta.category,
      file: h.file,
      line: h.line,
      snippet: h.snippet,
      detectedBy: 'static',
    };
    if (finding.severity !== full) comboSeverity.set(finding, full);
    findings.push(finding);
  }

  // Combination escalations.
  try {
    const comboView = comboSeverity.size === 0 ? findings : findings.map((f) => (comboSeverity.has(f) ? { ...f, severity: comboSeverity.get(f) as Severity } : f));
    for (const c of combinations(comboView, declared)) {
      if (!enabled(c.ruleId)) continue;
      const meta = RULE_META.get(c.ruleId);
      if (!meta) continue;
      findings.push({
        ruleId: c.ruleId,
        axis: meta.axis,
        severity: settings?.get(c.ruleId)?.severity ?? meta.severity,
        category: meta.category,
        file: c.anchor.file,
        line: c.anchor.line,
        snippet: c.anchor.snippet,
        detectedBy: 'static',
      });
    }
  } catch {
    state.errored.add('category:exfiltration');
  }

  findings.sort(
    (a, b) =>
      sevRank(b.severity) - sevRank(a.severity) ||
      (a.file ?? '').localeCompare(b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0),
  );

  const checkpoints: EngineCheckpoint[] = CHECKPOINT_BASES.map(({ id, category, axis }) => ({
    id,
    category,
    axis,
    severity: null,
    status: state.errored.has(id) ? 'error' : 'pass',
    findingCount: 0,
    scoreDelta: 0,
    detectedBy: 'static',
  }));
  return scoreReport(findings, checkpoints);
}
