import { catalogueSkill, editSkill, toFiles, gen } from '../test/support/skill-generator';
import { searchCompared, DEFAULT_SEARCH_LIMITS } from '../src/core/lineage/search';
import { MemoryCandidateStore } from '../src/core/lineage/search/memory-candidate-store';
import { classifyRelation, fingerprintOf } from '../src/core/lineage';
(async () => {
  const N = Number(process.argv[2] ?? 1000);
  const store = new MemoryCandidateStore();
  const g = gen(5); let id = 0; let seed = 1000; const all: any[] = [];
  while (id < N) {
    let s = catalogueSkill(seed++, 3 + Math.floor(g.r() * 8));
    const v = g.r() < 0.6 ? 1 : 2 + Math.floor(g.r() * 4);
    for (let k = 0; k < v && id < N; k++) { if (k > 0) s = editSkill(s, seed++); const f = toFiles(s); store.add(++id, f); all.push({ scanId: id, fingerprint: fingerprintOf(f), files: f }); }
  }
  for (let i = 0; i < 8; i++) {
    const s = catalogueSkill(9_000_000 + i * 7, 20);
    const files = toFiles(s);
    store.calls = 0;
    const r = await searchCompared(files, store, DEFAULT_SEARCH_LIMITS);
    const exp = process.argv[3] ? classifyRelation({ files }, all) : null;
    console.log([...s.keys()].slice(3).join(','), JSON.stringify(r.relation), 'calls', store.calls, JSON.stringify(r.stats), exp ? JSON.stringify(exp) === JSON.stringify(r.relation) : '');
  }
})();
