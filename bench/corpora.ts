/**
 * The shared skill corpora (../shared/corpus) loaded the way the service ingests a skill: every
 * file through buildSkillFile (kind, language, binary detection of ingestion), OS junk dropped and a
 * single common root folder stripped as for an uploaded zip. Archived corpora are unpacked by their
 * own extract.sh into a scratch folder outside the repository, keyed by the archives' hash, so a
 * second run reuses the extraction. Nothing in a corpus is ever executed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { buildSkillFile } from '../src/core/ingest/classify';
import { isJunkPath, stripCommonRoot } from '../src/core/ingest/paths';
import type { SkillFile } from '../src/core/ingest/ingest.types';

export const CORPUS_ROOT = process.env.CORPUS_ROOT ?? resolve(__dirname, '..', '..', 'shared', 'corpus');

/** The corpora the evaluation needs; a missing one is an error, never an empty result. */
export const SHARED_CORPORA = ['benign-public', 'benign-vendor', 'malicious-public'] as const;
export type SharedCorpusName = (typeof SHARED_CORPORA)[number];

export const LABEL_OF: Record<SharedCorpusName, 'benign' | 'malicious'> = {
  'benign-public': 'benign',
  'benign-vendor': 'benign',
  'malicious-public': 'malicious',
};

/** Research source ids of malicious-public (its README). */
const SOURCE_NAMES: Record<string, string> = {
  SRC002: 'MaliciousAgentSkillsBench',
  SRC004: 'SkillLeakBench',
  SRC005: 'Agent Skill Malware',
  SRC006: 'AgentTrap',
  SRC008: 'SkillTrojan',
  SRC013: 'SkillSafetyBench',
};

export interface CorpusSkill {
  corpus: string;
  /** Path of the skill folder relative to the corpus root (labels.csv `path`). */
  id: string;
  label: 'benign' | 'malicious';
  /** Source repository (benign) or research source (malicious). */
  source: string;
  /** Attack categories (malicious), fixture category, or [] when the corpus has none. */
  categories: string[];
  files: SkillFile[];
}

/** All regular files under `dir` as the service would ingest them from a zip of that folder. */
export function loadSkillFolder(dir: string): SkillFile[] {
  const found: Array<{ path: string; full: string }> = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d).sort()) {
      const full = join(d, entry);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else if (st.isFile()) {
        const path = relative(dir, full).split(sep).join('/');
        if (!isJunkPath(path)) found.push({ path, full });
      }
    }
  };
  walk(dir);
  const paths = stripCommonRoot(found.map((f) => f.path));
  const files = found.map((f, i) => buildSkillFile(paths[i], readFileSync(f.full)));
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function archivesHash(dir: string): string {
  const h = createHash('sha256');
  const archives = join(dir, 'archives');
  for (const name of readdirSync(archives).sort()) {
    h.update(name);
    h.update(readFileSync(join(archives, name)));
  }
  h.update(readFileSync(join(dir, 'extract.sh')));
  return h.digest('hex').slice(0, 16);
}

/** Folder holding the unpacked corpus with its labels.csv (extracted once per archive hash). */
export function extractedCorpus(name: string, root = CORPUS_ROOT): string {
  const dir = join(root, name);
  if (!existsSync(dir)) throw new Error(`corpus ${name} missing at ${dir}`);
  if (!existsSync(join(dir, 'extract.sh'))) return dir; // a plain folder of skills
  const dest = join(process.env.CORPUS_CACHE ?? join(tmpdir(), 'skill-audit-corpora'), `${name}-${archivesHash(dir)}`);
  const done = join(dest, '.extracted');
  if (!existsSync(done)) {
    execFileSync('bash', [join(dir, 'extract.sh'), dest], { stdio: 'ignore' });
    writeFileSync(done, new Date().toISOString());
  }
  return dest;
}

function parseCsv(text: string): string[][] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.replace(/\r$/, '').split(','));
}

/** Skill folder → repository (owner/name) from benign-vendor's manifest.csv. */
function vendorRepos(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const manifest = join(dir, 'manifest.csv');
  if (!existsSync(manifest)) return out;
  const [head, ...rows] = parseCsv(readFileSync(manifest, 'utf8'));
  const id = head.indexOf('id');
  const repo = head.indexOf('repo');
  if (id < 0 || repo < 0) return out;
  for (const r of rows) out.set(r[id], r[repo].replace(/^https:\/\/github\.com\//, ''));
  return out;
}

/** Every skill of one shared corpus, labeled; throws when the corpus or a labeled skill is missing. */
export function loadSharedCorpus(name: SharedCorpusName, root = CORPUS_ROOT): CorpusSkill[] {
  const dir = extractedCorpus(name, root);
  const label = LABEL_OF[name];
  const labels = join(dir, 'labels.csv');
  if (!existsSync(labels)) {
    // benign-public: a folder per skill, named after the skill, all from anthropics/skills.
    const skills = readdirSync(dir)
      .filter((n) => statSync(join(dir, n)).isDirectory())
      .sort()
      .map((n) => ({ corpus: name, id: n, label, source: 'anthropics/skills', categories: [], files: loadSkillFolder(join(dir, n)) }));
    if (skills.length === 0) throw new Error(`corpus ${name} at ${dir} holds no skill`);
    return skills;
  }
  const repos = vendorRepos(join(root, name));
  const [head, ...rows] = parseCsv(readFileSync(labels, 'utf8'));
  const pathCol = head.indexOf('path');
  const catCol = head.indexOf('category');
  const skills = rows.map((r) => {
    const id = r[pathCol];
    const folder = join(dir, id);
    if (!existsSync(folder)) throw new Error(`corpus ${name}: labeled skill ${id} missing at ${folder}`);
    const top = id.split('/')[0];
    const source = label === 'malicious' ? `${top} ${SOURCE_NAMES[top] ?? ''}`.trim() : (repos.get(id) ?? top.replace('__', '/'));
    const categories = catCol >= 0 && r[catCol] ? r.slice(catCol).join(',').split(';').map((c) => c.trim()).filter(Boolean) : [];
    return { corpus: name, id, label, source, categories, files: loadSkillFolder(folder) };
  });
  if (skills.length === 0) throw new Error(`corpus ${name} at ${dir} holds no skill`);
  return skills;
}
