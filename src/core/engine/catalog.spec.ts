import de from '../../../i18n/de/rules.json';
import en from '../../../i18n/en/rules.json';
import es from '../../../i18n/es/rules.json';
import deCp from '../../../i18n/de/checkpoints.json';
import enCp from '../../../i18n/en/checkpoints.json';
import esCp from '../../../i18n/es/checkpoints.json';
import { CHECKPOINT_CATEGORIES, RULE_CATALOG } from './index';
import { CATEGORY_AXIS } from './categories';

type Texts = Record<string, { title: string; description: string; remediation: string }>;

describe('rule catalog', () => {
  it('has at least 80 rules with unique, stable, dot-free kebab-case ids', () => {
    expect(RULE_CATALOG.length).toBeGreaterThanOrEqual(80);
    const ids = RULE_CATALOG.map((r) => r.ruleId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('every rule has a known category, its axis, a severity and a static detection type', () => {
    const axis = new Map(CATEGORY_AXIS);
    for (const r of RULE_CATALOG) {
      expect(CHECKPOINT_CATEGORIES).toContain(r.category);
      expect(r.axis).toBe(axis.get(r.category));
      expect(['critical', 'high', 'medium', 'low', 'info']).toContain(r.severity);
      expect(['regex', 'heuristic']).toContain(r.detectionType);
    }
  });

  it('covers every threat category and both axes', () => {
    const used = new Set(RULE_CATALOG.map((r) => r.category));
    for (const c of CHECKPOINT_CATEGORIES) expect(used).toContain(c);
    expect(RULE_CATALOG.some((r) => r.axis === 'privacy')).toBe(true);
  });

  it('checkpoint categories start with ingest and frontmatter', () => {
    expect(CHECKPOINT_CATEGORIES.slice(0, 2)).toEqual(['ingest', 'frontmatter']);
  });

  it.each([
    ['de', de as Texts],
    ['en', en as Texts],
    ['es', es as Texts],
  ])('%s has title, description and remediation for every rule', (_lang, texts) => {
    for (const r of RULE_CATALOG) {
      const t = texts[r.ruleId];
      expect(t).toBeDefined();
      expect(t.title.length).toBeGreaterThan(3);
      expect(t.description.length).toBeGreaterThan(20);
      expect(t.remediation.length).toBeGreaterThan(5);
    }
    expect(Object.keys(texts).sort()).toEqual(RULE_CATALOG.map((r) => r.ruleId).sort());
  });

  it('German and Spanish texts are translations, not copies of English', () => {
    let same = 0;
    for (const r of RULE_CATALOG) {
      if ((de as Texts)[r.ruleId].description === (en as Texts)[r.ruleId].description) same++;
      if ((es as Texts)[r.ruleId].description === (en as Texts)[r.ruleId].description) same++;
    }
    expect(same).toBe(0);
  });

  it.each([
    ['de', deCp as Record<string, string>],
    ['en', enCp as Record<string, string>],
    ['es', esCp as Record<string, string>],
  ])('%s checkpoint labels cover every category plus ai-analysis and description', (_lang, labels) => {
    for (const k of [...CHECKPOINT_CATEGORIES, 'ai-analysis', 'description']) expect(labels[k]?.length).toBeGreaterThan(2);
  });
});
