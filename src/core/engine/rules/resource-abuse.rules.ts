import type { PatternRule } from '../rule-types';
import { pattern, S } from './define';

const r = String.raw;

/** Pattern rules of the `resource-abuse` category. */
export const RESOURCE_ABUSE_RULES: PatternRule[] = [
  // ---------------------------------------------------------------- resource abuse
  pattern({
    id: 'resource-crypto-mining',
    category: 'resource-abuse',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/run.sh', text: '#!/bin/sh\n./xmrig -o stratum+tcp://pool.example.net:3333 -u wallet\n' }],
      noMatch: ['Explain how proof-of-work consensus differs from proof-of-stake.\n'],
    },
    nature: 'reference',
    keywords: ['xmrig', 'stratum+', 'minerd', 'cpuminer', 'cgminer', 'nicehash', 'minergate', 'coinhive', 'cryptonight', 'randomx', 'donate-level', 'monero', 'supportxmr', 'nanopool', '2miners', 'f2pool', 'ethermine', 'hashvault', 'moneroocean'],
    patterns: [
      r`\bxmrig\b|stratum\+(?:tcp|ssl|tls)://|\bminerd\b|\bcpuminer\b|\bcgminer\b|\bnicehash\b|\bminergate\b|\bcoinhive\b|\bcryptonight\b|\brandomx\b|--donate-level\b|\bmonero\b[^\n]{0,30}\b(?:miner|mining|pool)\b|\bsupportxmr\.com\b|\bnanopool\.org\b|\b2miners\.com\b|\bf2pool\.com\b|\bethermine\.org\b|\bhashvault\.pro\b|\bmoneroocean\.stream\b`,
    ],
  }),
  pattern({
    id: 'resource-fork-bomb',
    category: 'resource-abuse',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/x.sh', text: '#!/bin/sh\n:(){ :|:& };:\n' }],
      noMatch: [{ path: 'scripts/x.sh', text: '#!/bin/sh\nfor f in *.md; do wc -l "$f" & done\nwait\n' }],
    },
    nature: 'code',
    keywords: [':|:', '%0|%0', 'fork', 'while', 'for(;;'],
    patterns: [
      r`:\(\)\s{0,3}\{\s{0,3}:\s{0,3}\|\s{0,3}:\s{0,3}&\s{0,3}\}\s{0,3};\s{0,3}:|%0\s{0,3}\|\s{0,3}%0`,
      r`\bwhile${S}(?:True|1)\s{0,3}:\s{0,40}(?:os\.fork\(\)|subprocess\.Popen\(\s{0,3}\[?\s{0,3}sys\.executable)`,
      r`\b(?:while\s{0,3}\(\s{0,3}(?:true|1)\s{0,3}\)|for\s{0,3}\(\s{0,3};\s{0,3};\s{0,3}\))\s{0,3}\{?\s{0,40}(?:fork\(\)|child_process\.fork\(|spawn\(\s{0,3}process\.argv)`,
    ],
  }),
  pattern({
    id: 'resource-unbounded-consumption',
    category: 'resource-abuse',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/load.py', text: 'buf = bytearray(10**10)\n' }],
      noMatch: [{ path: 'scripts/load.py', text: 'buf = bytearray(1024)\n' }],
    },
    nature: 'code',
    keywords: ['bytearray(', 'bytes(', 'new array(', 'arraybuffer(', 'uint8array(', 'buffer.alloc', 'stress', 'while true', '* 10', '*10'],
    patterns: [
      r`\b(?:bytearray|bytes)\(\s{0,3}(?:10\s{0,3}\*\*\s{0,3}(?:9|1\d)|\d{10})\s{0,3}\)|["'][^"'\n]{1,5}["']\s{0,3}\*\s{0,3}(?:10\s{0,3}\*\*\s{0,3}(?:9|1\d)|\d{10})`,
      r`\bnew${S}(?:Array|ArrayBuffer|Uint8Array)\(\s{0,3}(?:1e(?:9|1\d)|\d{10})|\bBuffer\.alloc(?:Unsafe)?\(\s{0,3}(?:1e(?:9|1\d)|\d{10})`,
      r`\bstress(?:-ng)?${S}--(?:cpu|vm|io)\b|\bwhile${S}true\s{0,3};\s{0,3}do\b[^\n]{0,80}&\s{0,3}done\b`,
    ],
  }),
];
