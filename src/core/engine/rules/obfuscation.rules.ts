import type { PatternRule } from '../rule-types';
import { pattern } from './define';

const r = String.raw;

/** Pattern rules of the `obfuscation` category. */
export const OBFUSCATION_RULES: PatternRule[] = [
  // ---------------------------------------------------------------- obfuscation (patterns; blobs are an analyzer)
  pattern({
    id: 'obfusc-decode-and-execute',
    category: 'obfuscation',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/x.py', text: 'import base64\nexec(base64.b64decode(BLOB))\n' }],
      noMatch: [{ path: 'scripts/x.py', text: 'import base64\nimage = base64.b64decode(data)\n' }],
    },
    nature: 'code',
    keywords: ['b64decode', 'b32decode', 'b16decode', 'b85decode', 'codecs.decode', 'fromhex', 'zlib.decompress', 'gzip.decompress', 'lzma.decompress', 'marshal.loads', 'a2b_base64', 'unhexlify', '__import__', 'atob', 'buffer.from', 'base64', 'frombase64string', 'powershell', 'pwsh'],
    patterns: [
      r`\b(?:exec|eval)\s{0,3}\(\s{0,3}(?:base64\.b(?:64|32|16|85)decode|b64decode|codecs\.decode|bytes\.fromhex|bytearray\.fromhex|zlib\.decompress|gzip\.decompress|lzma\.decompress|marshal\.loads|binascii\.(?:a2b_base64|unhexlify)|__import__\(\s{0,3}["'](?:base64|zlib|codecs))`,
      r`\b(?:eval|Function|setTimeout)\s{0,3}\(\s{0,3}(?:atob\s{0,3}\(|Buffer\.from\([^\n)]{0,300},\s{0,3}["'](?:base64|hex)["']\))`,
      r`\bbase64\s{1,3}(?:-d|--decode|-D)\b[^\n]{0,60}\|\s{0,3}(?:sudo\s{1,3})?(?:ba|z)?sh\b|\bbase64\s{1,3}(?:-d|--decode|-D)\b[^\n]{0,60}\|\s{0,3}python[23]?\b`,
      r`\[(?:System\.)?Convert\]::FromBase64String[^\n]{0,300}(?:iex|Invoke-Expression|\[ScriptBlock\])|\b(?:iex|Invoke-Expression)\b[^\n]{0,300}FromBase64String`,
      r`\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,80}\s-(?:e|ec|enc|encodedcommand)\s{1,3}[A-Za-z0-9+/=]{20}`,
    ],
  }),
  pattern({
    id: 'obfusc-char-code-building',
    category: 'obfuscation',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/x.js', text: 'const s = String.fromCharCode(99, 117, 114, 108, 32, 45, 115);\n' }],
      noMatch: [{ path: 'scripts/x.js', text: 'const letter = String.fromCharCode(65 + index);\n' }],
    },
    nature: 'code',
    keywords: ['chr(', 'fromcharcode', '[char]', '\\x', '\\u00', 'join(', 'bytes('],
    patterns: [
      r`(?:chr\(\s{0,3}\d{1,3}\s{0,3}\)\s{0,3}\+\s{0,3}){3,20}chr\(`,
      r`String\.fromCharCode\(\s{0,3}\d{1,3}(?:\s{0,3},\s{0,3}\d{1,3}){5,200}`,
      r`(?:\[char\]\s{0,3}\d{1,3}\s{0,3}\+\s{0,3}){3,50}`,
      r`(?:\\x[0-9a-fA-F]{2}){24,400}|(?:\\u00[0-9a-fA-F]{2}){16,400}`,
      r`["']["']\.join\(\s{0,3}(?:map\(\s{0,3}chr|\[\s{0,3}chr\()`,
      // Char-code arrays turned back into text: String.fromCharCode(...codes), bytes([..]).decode().
      r`String\.fromCharCode\s{0,3}(?:\.apply\s{0,3}\(|\(\s{0,3}\.\.\.)|\bbytes\(\s{0,3}\[\s{0,3}\d{1,3}(?:\s{0,3},\s{0,3}\d{1,3}){5,200}\s{0,3},?\s{0,3}\]\s{0,3}\)\.decode\(`,
    ],
  }),
  pattern({
    id: 'obfusc-xor-decoding',
    category: 'obfuscation',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/x.py', text: 'out = "".join(chr(ord(c) ^ 0x5a) for c in blob)\n' }],
      noMatch: [{ path: 'scripts/x.py', text: 'out = "".join(chr(ord(c) + 1) for c in text)\n' }],
    },
    nature: 'code',
    keywords: ['ord(', 'charcodeat', '-bxor', 'key['],
    patterns: [
      r`\bchr\(\s{0,3}ord\([^\n)]{1,40}\)\s{0,3}\^`,
      r`\^\s{0,3}(?:key|k|xor_key|secret|kb)\s{0,3}\[\s{0,3}\w{1,10}\s{0,3}%`,
      r`\.charCodeAt\([^\n)]{0,20}\)\s{0,3}\^|\s-bxor\s`,
    ],
  }),
  /**
   * Narrow primitives of real payloads: a name built from character codes and called, a secret
   * printed to a log, and markdown-image exfiltration described in words instead of shown as markup.
   */
  pattern({
    id: 'obfusc-char-code-array-call',
    category: 'obfuscation',
    severity: 'high',
    nature: 'code',
    keywords: ['fromcharcode', 'chr(', 'globalthis[', 'window[', 'global[', 'self['],
    patterns: [
      // [101,118,97,108].map(c => String.fromCharCode(c)) / ''.join(chr(c) for c in [101, 120, …])
      r`\[\s{0,3}\d{2,3}(?:\s{0,3},\s{0,3}\d{2,3}){2,40}\s{0,3}\]\s{0,3}\.map\([^\n]{0,60}?fromCharCode|chr\(\w{1,10}\)\s{0,3}for\s{1,3}\w{1,10}\s{1,3}in\s{1,3}[[(]\s{0,3}\d{2,3}(?:\s{0,3},\s{0,3}\d{2,3}){2,40}`,
      // A global called through a computed name: globalThis[name](…), window[fn](…)
      r`\b(?:globalThis|window|global|self)\[\s{0,3}[A-Za-z_]\w{0,30}\s{0,3}\]\s{0,3}\(`,
    ],
    examples: {
      match: [
        { path: 'scripts/a.js', text: "const n = [101,118,97,108].map((c) => String.fromCharCode(c)).join('');\n" },
        { path: 'scripts/a.py', text: "name = ''.join(chr(c) for c in [101, 120, 101, 99])\n" },
        { path: 'scripts/a.js', text: 'globalThis[fn](src);\n' },
      ],
      noMatch: [{ path: 'scripts/a.js', text: 'const label = String.fromCharCode(65 + i);\nconst rgb = [255, 128, 0].map((v) => v / 255);\n' }],
    },
  }),
];
