import { catalogueSkill, editSkill, toFiles, gen } from '../test/support/skill-generator';
import { matchScan } from '../src/core/lineage';
// distribution of exact similarity of fresh boilerplate skills vs catalogue
const N = Number(process.argv[2] ?? 2000);
const g = gen(5);
const all: any[] = [];
let id = 0; let seed = 1000;
while (id < N) {
  let s = catalogueSkill(seed++, 3 + Math.floor(g.r() * 8));
  const v = g.r() < 0.6 ? 1 : 2 + Math.floor(g.r() * 4);
  for (let k = 0; k < v && id < N; k++) { if (k > 0) s = editSkill(s, seed++); all.push({ scanId: ++id, files: toFiles(s) }); }
}
for (let i = 0; i < 10; i++) {
  const s = catalogueSkill(9_000_000 + i * 7, 20);
  const files = toFiles(s);
  const ms = all.map((e) => matchScan(files, e));
  ms.sort((a, b) => b.similarity - a.similarity || b.scanId - a.scanId);
  const hist = new Map<number, number>();
  for (const m of ms) if (m.byteIdentical) hist.set(m.similarity, (hist.get(m.similarity) ?? 0) + 1);
  console.log([...s.keys()].filter(p=>!['SKILL.md','scripts/run.py','scripts/run.sh'].includes(p)).join(','), 'best', JSON.stringify(ms[0]), 'byteIdentical hist', JSON.stringify([...hist].sort((a,b)=>b[0]-a[0]).slice(0,8)), 'max non-ident', Math.max(...ms.filter(m=>!m.byteIdentical).map(m=>m.similarity)));
}
