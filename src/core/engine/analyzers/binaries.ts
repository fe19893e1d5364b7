import { rx } from '../regex-registry';
import type { Hit } from '../rule-types';
import { heuristic } from '../rules/define';
import { extOf } from '../text/file-facts';
import type { Analyzer, SkillContext } from './context';

export const BINARY_RULES = [
  heuristic('binary-native-executable', 'binary-smuggling', 'high', {
    match: [{ path: 'bin/helper', hex: '7f454c4602010100000000000000000002003e000100000000000000000000000000000000000000000000000000000000000000000000000000000000000000' }],
    noMatch: [{ path: 'assets/logo.png', hex: '89504e470d0a1a0a0000000d49484452000000010000000108060000000000000000000000' }],
  }),
  heuristic('binary-type-mismatch', 'binary-smuggling', 'high', {
    match: [{ path: 'assets/photo.jpg', hex: '504b0304140000000800000000000000000000000000000000000000000000000000000000000000' }],
    noMatch: [{ path: 'assets/logo.png', hex: '89504e470d0a1a0a0000000d49484452000000010000000108060000000000000000000000' }],
  }),
  heuristic('binary-bytecode', 'binary-smuggling', 'medium', {
    match: [{ path: 'lib/helper.pyc', hex: '550d0d0a000000000000000000000000e30000000000000000000000000000000000000000' }],
    noMatch: [{ path: 'lib/helper.py', text: 'def helper():\n    return 1\n' }],
  }),
  heuristic('binary-archive', 'binary-smuggling', 'low', {
    match: [{ path: 'assets/bundle.zip', hex: '504b0304140000000800000000000000000000000000000000000000000000000000000000000000' }],
    noMatch: [{ path: 'assets/logo.png', hex: '89504e470d0a1a0a0000000d49484452000000010000000108060000000000000000000000' }],
  }),
  heuristic('binary-active-content', 'binary-smuggling', 'high', {
    match: [{ path: 'assets/icon.svg', text: '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("https://t.example.net/c")</script></svg>\n' }],
    noMatch: [{ path: 'assets/icon.svg', text: '<svg xmlns="http://www.w3.org/2000/svg"><circle cx="5" cy="5" r="4"/></svg>\n' }],
  }),
  heuristic('binary-undecodable-text', 'binary-smuggling', 'medium', {
    match: [{ path: 'scripts/run.py', hex: '00000000000000000102030405ff0000000000000000000000000000000000000000' }],
    noMatch: [{ path: 'scripts/run.py', text: 'print("ok")\n' }],
  }),
];

const EXEC_TYPES = new Set(['elf', 'pe', 'macho', 'mach-o']);
const ARCHIVE_TYPES = new Set(['zip', 'gzip', 'tar', '7z', 'rar', 'bzip2', 'xz', 'zstd', 'cab', 'lz4']);
const BYTECODE_TYPES = new Set(['pyc', 'class', 'wasm', 'dex']);
const EXEC_EXT = new Set(['exe', 'dll', 'so', 'dylib', 'bin', 'msi', 'scr', 'com', 'deb', 'rpm', 'apk', 'appimage', 'elf', 'out']);
const ARCHIVE_EXT = new Set(['zip', 'tar', 'gz', 'tgz', '7z', 'rar', 'bz2', 'xz', 'zst', 'jar', 'war', 'whl', 'egg', 'nupkg', 'cab']);
const BYTECODE_EXT = new Set(['pyc', 'pyo', 'class', 'wasm', 'dex']);
const MACRO_EXT = new Set(['docm', 'xlsm', 'pptm', 'dotm', 'xltm', 'xlam', 'ppam']);
const TEXT_EXT = new Set(['md', 'markdown', 'txt', 'py', 'js', 'mjs', 'cjs', 'ts', 'tsx', 'jsx', 'json', 'yaml', 'yml', 'toml', 'sh', 'bash', 'zsh', 'ps1', 'rb', 'csv', 'html', 'htm', 'css', 'xml', 'svg', 'ini', 'cfg', 'rst', 'sql', 'go', 'rs', 'java', 'c', 'h', 'cpp']);
/** Extension → acceptable detected types. */
const EXPECTED: Record<string, string[]> = {
  png: ['png'], jpg: ['jpeg'], jpeg: ['jpeg'], gif: ['gif'], webp: ['webp'], bmp: ['bmp'], ico: ['ico', 'png', 'bmp'],
  pdf: ['pdf'], ttf: ['ttf', 'otf'], otf: ['otf', 'ttf'], woff: ['woff'], woff2: ['woff2'],
  zip: ['zip'], gz: ['gzip'], tgz: ['gzip'], jar: ['zip'], whl: ['zip'], docx: ['zip'], xlsx: ['zip'], pptx: ['zip'],
  pyc: ['pyc'], class: ['class'], wasm: ['wasm'],
};
const RUN_VERB = rx('binary:run-verb', String.raw`\b(?:run|execute|start|launch|invoke|chmod\s{1,3}\+x)\b|\./|\bsudo\s`, 'i');
const PYCACHE = rx('binary:pycache', String.raw`__pycache__/`);
const CPYTHON_TAG = rx('binary:cpython-tag', String.raw`\.cpython-\d+`);
const PYC_EXT = rx('binary:pyc-ext', String.raw`\.py[co]$`);
const SVG_ACTIVE = rx('binary:svg-active', String.raw`<script\b|\son[a-z]{3,20}\s{0,3}=|javascript:|<foreignObject\b`, 'i');
const PDF_ACTIVE = rx('binary:pdf-active', String.raw`/(?:JavaScript|JS|Launch|EmbeddedFile|OpenAction\s{0,3}<<[^>]{0,200}/JS)\b`);

/** Whether the instructions tell the agent to run this file (by path or base name). */
function instructedToRun(ctx: SkillContext, path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (base.length < 3) return false;
  for (const name of [path, base]) {
    let i = ctx.instructionText.indexOf(name);
    while (i >= 0) {
      const around = ctx.instructionText.slice(Math.max(0, i - 60), i + name.length + 10);
      if (RUN_VERB.test(around)) return true;
      i = ctx.instructionText.indexOf(name, i + 1);
    }
  }
  return false;
}

function binaries(ctx: SkillContext): void {
  const paths = new Set(ctx.files.map((f) => f.path));
  for (const file of ctx.files) {
    const ext = extOf(file.path);
    const det = file.detectedType ? file.detectedType.toLowerCase() : null;
    const emit = (ruleId: string, fixed?: Hit['fixed']) => ctx.emit({ ruleId, delta: 0, fixed, file: file.path, line: null, snippet: det ? `detected: ${det}` : `.${ext || '(none)'}` });
    if (file.content !== null) {
      if (ext === 'svg' && SVG_ACTIVE.test(file.content)) emit('binary-active-content');
      else if ((ext === 'pdf' || det === 'pdf') && PDF_ACTIVE.test(file.content)) emit('binary-active-content');
      if (det && EXEC_TYPES.has(det)) emit('binary-native-executable');
      continue;
    }
    const expected = EXPECTED[ext];
    if (det && EXEC_TYPES.has(det)) {
      emit('binary-native-executable', instructedToRun(ctx, file.path) ? 'critical' : undefined);
      if (!EXEC_EXT.has(ext) && ext !== '') emit('binary-type-mismatch', 'critical');
      continue;
    }
    if (EXEC_EXT.has(ext)) {
      emit('binary-native-executable', instructedToRun(ctx, file.path) ? 'critical' : undefined);
      continue;
    }
    if (MACRO_EXT.has(ext)) {
      emit('binary-active-content', 'medium');
      continue;
    }
    if (det && expected && !expected.includes(det)) {
      emit('binary-type-mismatch');
      continue;
    }
    if (TEXT_EXT.has(ext) || (!expected && !det && file.kind !== 'resource' && !ARCHIVE_EXT.has(ext) && !BYTECODE_EXT.has(ext))) {
      if (det) emit('binary-type-mismatch');
      else emit('binary-undecodable-text');
      continue;
    }
    if ((det && BYTECODE_TYPES.has(det)) || BYTECODE_EXT.has(ext)) {
      const src = file.path.replace(PYCACHE, '').replace(CPYTHON_TAG, '').replace(PYC_EXT, '.py');
      emit('binary-bytecode', ext.startsWith('py') && paths.has(src) ? 'low' : undefined);
      continue;
    }
    if ((det && ARCHIVE_TYPES.has(det)) || ARCHIVE_EXT.has(ext)) emit('binary-archive');
  }
}

/** Native executables, bytecode, archives, active SVG / PDF / macro documents, file types that contradict their extension. */
export const binariesAnalyzer: Analyzer = {
  name: 'binaries',
  phase: 'main',
  rules: BINARY_RULES,
  run: binaries,
};
