import { catalogueSkill, editSkill, toFiles, gen } from '../test/support/skill-generator';
import { matchScan, byPath, splitLines } from '../src/core/lineage';
const N = Number(process.argv[2] ?? 2000);
const g = gen(5);
const all: any[] = [];
let id = 0; let seed = 1000;
while (id < N) {
  let s = catalogueSkill(seed++, 3 + Math.floor(g.r() * 8));
  const v = g.r() < 0.6 ? 1 : 2 + Math.floor(g.r() * 4);
  for (let k = 0; k < v && id < N; k++) { if (k > 0) s = editSkill(s, seed++); all.push({ scanId: ++id, files: toFiles(s) }); }
}
const counts = (c: string) => { const m = new Map<string, number>(); for (const l of splitLines(c)) m.set(l, (m.get(l) ?? 0) + 1); return m; };
import { isTrivialLine } from '../src/core/lineage/search/line-stats';
const df = new Map<string, number>();
for (const e of all) for (const f of e.files) for (const l of new Set(splitLines(f.content))) { const k = f.path + '\0' + l; df.set(k, (df.get(k) ?? 0) + 1); }
const FREQ = all.length * 0.02;
for (let i = 0; i < 6; i++) {
  const s = catalogueSkill(9_000_000 + i * 7, 20);
  const files = toFiles(s);
  const cur = byPath(files);
  const cc = new Map([...cur].map(([p, f]) => [p, counts(f.content!)]));
  const ms = all.map((e) => {
    const m = matchScan(files, e);
    const theirs = byPath(e.files as any[]);
    const union = new Set([...cur.keys(), ...theirs.keys()]);
    let sum = 0, shp = 0, ident = 0;
    for (const [p, f] of cur) { const x: any = theirs.get(p); if (!x) continue; if (x.hash === f.hash) { sum += 1; ident++; continue; }
      const a = cc.get(p)!; const b = counts(x.content); let sh = 0; for (const [l, c] of a) sh += Math.min(c, b.get(l) ?? 0);
      const n = splitLines(f.content!).length, mm = splitLines(x.content).length; sum += 2 * Math.min(sh, n, mm) / (n + mm);
      let cTs = 0, sN = 0, rare = 0; for (const [l, c] of a) { if (isTrivialLine(l)) cTs += c; else if ((df.get(p + '\0' + l) ?? 0) > FREQ) sN += c; else rare += Math.min(c, b.get(l) ?? 0); }
      let tX = 0; for (const [l, c] of b) if (isTrivialLine(l)) tX += c;
      shp += 2 * Math.min(n, mm, Math.min(cTs, tX) + sN + rare) / (n + mm); }
    return { ...m, counted: Math.round(100 * sum / union.size), shaped: Math.round(100 * (shp + ident) / union.size + 1e-7) };
  });
  // per-path max over all stored files at p (not identical to C's) of the shaped bound without rare lines
  let summax = 0; const per: string[] = [];
  for (const [p, f] of cur) {
    const a = cc.get(p)!; const n = splitLines(f.content!).length;
    let cTs = 0, sN = 0; for (const [l, c] of a) { if (isTrivialLine(l)) cTs += c; else if ((df.get(p + '\0' + l) ?? 0) > FREQ) sN += c; }
    let mx = 0, holders = 0;
    for (const e of all) { const x: any = e.files.find((y: any) => y.path === p); if (!x) continue; if (x.hash === f.hash) { holders++; continue; }
      const b = counts(x.content); let tX = 0; for (const [l, c] of b) if (isTrivialLine(l)) tX += c; const mm = splitLines(x.content).length;
      mx = Math.max(mx, 2 * Math.min(n, mm, Math.min(cTs, tX) + sN) / (n + mm)); }
    if (holders > FREQ) { summax += 1; per.push(p + ':1'); } else { summax += mx; per.push(p + ':' + mx.toFixed(3) + `(n${n},cTs${cTs},sN${sN})`); }
  }
  console.log('  sum of per-path maxima', summax.toFixed(3), '→ bound', (100 * summax / cur.size).toFixed(1), per.join(' '));
  ms.sort((a, b) => b.similarity - a.similarity || b.scanId - a.scanId);
  const best = ms[0];
  const over = ms.filter((m) => m.scanId !== best.scanId && (m.counted > best.similarity || (m.counted === best.similarity && m.scanId > best.scanId)));
  console.log([...s.keys()].slice(3).join(','), 'best', best.similarity, 'holders', ms.filter(m=>m.byteIdentical).length, 'counted-bound reaching best', over.length, 'shaped reaching', ms.filter((m) => m.scanId !== best.scanId && (m.shaped > best.similarity || (m.shaped === best.similarity && m.scanId > best.scanId))).length, 'avg counted-exact', (ms.reduce((a,m)=>a+m.counted-m.similarity,0)/ms.length).toFixed(2));
}
