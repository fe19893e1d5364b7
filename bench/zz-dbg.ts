import { smallCatalogue } from '../test/support/skill-generator';
import { searchCompared, DEFAULT_SEARCH_LIMITS } from '../src/core/lineage/search';
import { MemoryCandidateStore } from '../src/core/lineage/search/memory-candidate-store';
import { classifyRelation, fingerprintOf, matchScan } from '../src/core/lineage';
const TIGHT = { ...DEFAULT_SEARCH_LIMITS, caps: [0, 1, 3, 1_000_000], chunk: 2, bandLimit: 1, maxProbeTokens: 4, ...(process.env.P ? { pairCap: 2, holderPage: 1 } : {}) };
(async () => {
  const scans = smallCatalogue(Number(process.argv[2]), Number(process.argv[3]), { boilerplate: process.argv[4] === 'b' });
  const store = new MemoryCandidateStore(); const earlier: any[] = [];
  for (let i = 0; i < scans.length; i++) {
    const files = scans[i]; const fingerprint = fingerprintOf(files);
    const exp = classifyRelation({ files, fingerprint }, earlier);
    if (exp.relation !== 'identical') {
      const got = await searchCompared(files, store, TIGHT);
      if (JSON.stringify(got.relation) !== JSON.stringify(exp)) {
        console.log('MISMATCH at', i, got.relation, exp, got.best, got.stats);
        for (const e of earlier) console.log(e.scanId, JSON.stringify(e.files.map((f: any) => [f.path, f.hash.slice(0, 6), f.content])), JSON.stringify(matchScan(files, e)));
        console.log('C', JSON.stringify(files.map((f: any) => [f.path, f.hash.slice(0, 6), f.content])));
        return;
      }
    }
    store.add(i + 1, files); earlier.push({ scanId: i + 1, fingerprint, files });
  }
  console.log('ok');
})();
