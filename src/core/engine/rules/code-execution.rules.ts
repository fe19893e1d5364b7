import type { PatternMatchInfo, PatternRule } from '../rule-types';
import { rx } from '../regex-registry';
import { pattern, S } from './define';

const r = String.raw;

/**
 * "configured eval(s)" in prose: a plural, not a call. Anywhere (a report template in a fence too),
 * "eval(s). Say …" — a full stop and a capitalised word after the parenthesis — is a sentence, never
 * valid JavaScript or Python.
 */
function isProsePlural(info: PatternMatchInfo): boolean {
  const after = info.line.slice(info.startInLine + info.match[0].length, info.startInLine + info.match[0].length + 6);
  return (info.context === 'prose' && /^s\)(?:[\s.,;:]|$)/.test(after)) || /^s\)\.\s{1,3}[A-Z]/.test(after);
}

/** Up to `n` lines after the match's line (normalised text of the file). */
function followingLines(info: PatternMatchInfo, n: number): string {
  return info.file.normLines.slice(info.lineIndex + 1, info.lineIndex + 1 + n).join('\n');
}
const IMPORT_PROBE = rx('exec:import-probe', String.raw`\bexcept\s{1,3}\(?\s{0,3}(?:ImportError|ModuleNotFoundError)\b`);

/** Pattern rules of the `code-execution` category. */
export const CODE_EXECUTION_RULES: PatternRule[] = [
  // ---------------------------------------------------------------- code execution primitives
  pattern({
    id: 'exec-python-dynamic-code',
    category: 'code-execution',
    severity: 'high',
    examples: {
      match: [{ path: 'scripts/calc.py', text: 'expr = input()\nprint(eval(expr))\n' }],
      noMatch: [{ path: 'scripts/calc.py', text: 'import ast\nprint(ast.literal_eval(text))\nmodel.eval()\n' }],
    },
    nature: 'code',
    langs: ['python'],
    keywords: ['eval', 'exec', 'compile'],
    patterns: [r`(?:^|[^.\w])(?:eval|exec)\s{0,3}\(\s{0,3}(?!["')])`, r`\bcompile\([^\n]{0,120}["']exec["']`],
    validate: (info) => !isProsePlural(info),
  }),
  pattern({
    id: 'exec-python-shell',
    category: 'code-execution',
    severity: 'medium',
    examples: {
      match: [
        { path: 'scripts/run.py', text: 'import subprocess\nsubprocess.run(cmd, shell=True)\n' },
        // The caller's own command (argparse): low, not high.
        { path: 'scripts/with_server.py', text: 'args = parser.parse_args()\nfor cmd, port in zip(args.servers, args.ports):\n    p = subprocess.Popen(cmd, shell=True)\n' },
      ],
      noMatch: [{ path: 'scripts/run.py', text: 'import subprocess\nsubprocess.run(["git", "status"], check=True)\n' }],
    },
    nature: 'code',
    langs: ['python'],
    keywords: ['shell', 'os.system', 'os.popen', 'os.exec', 'os.spawn', 'commands.getoutput'],
    patterns: [
      r`\bsubprocess\.(?:run|call|Popen|check_output|check_call)\s{0,3}\([^\n]{0,300}?\bshell\s{0,3}=\s{0,3}True\b`,
      r`\bos\.(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?)\s{0,3}\(`,
      r`\bsubprocess\.(?:getoutput|getstatusoutput)\s{0,3}\(|\bcommands\.getoutput\(`,
    ],
    // A command the script takes from its own command line (`--server "npm run dev"` → argparse) is
    // the caller's command, run as xargs would: low. A command built from other data is high.
    validate: (info) => (!isDynamicCall(info.line.slice(info.startInLine)) ? true : fromCommandLine(info) ? 'low' : 'high'),
  }),
  pattern({
    id: 'exec-js-child-process',
    category: 'code-execution',
    severity: 'low',
    examples: {
      match: [{ path: 'scripts/run.js', text: 'const { execSync } = require("child_process");\nexecSync(cmd);\n' }],
      noMatch: [{ path: 'scripts/run.js', text: 'const re = /a(b)c/;\nconst m = re.exec("abc");\n' }],
    },
    nature: 'code',
    langs: ['javascript'],
    keywords: ['child_process', 'execsync', 'spawnsync', 'execfilesync', 'exec('],
    patterns: [
      r`\brequire\(\s{0,3}["'](?:node:)?child_process["']\s{0,3}\)|\bfrom\s{1,3}["'](?:node:)?child_process["']|\bchild_process\.\w{2,12}\(`,
      r`\b(?:execSync|spawnSync|execFileSync)\s{0,3}\(`,
      r`(?:^|[^.\w])exec\s{0,3}\(\s{0,3}(?:\x60[^\x60\n]{0,200}\$\{|[A-Za-z_]\w{0,40}\s{0,3}[,)+]|["'][^"'\n]{0,200}["']\s{0,3}\+)`,
    ],
    validate: (info) => (isDynamicCall(info.line.slice(info.startInLine)) ? 'medium' : true),
  }),
  pattern({
    id: 'exec-js-dynamic-code',
    category: 'code-execution',
    severity: 'high',
    examples: {
      match: [{ path: 'scripts/plugin.js', text: 'const fn = new Function("a", body);\n' }],
      noMatch: [
        { path: 'scripts/plugin.js', text: 'const fn = (a) => a * 2;\nsetTimeout(() => fn(1), 100);\n' },
        '## Report\n\n```\n(Inferred from {N} configured eval(s). Say `switch mode` to change.)\n```\n',
      ],
    },
    nature: 'code',
    langs: ['javascript', 'html'],
    keywords: ['eval', 'function', 'vm.run', 'vm.script', 'settimeout', 'setinterval'],
    patterns: [
      r`(?:^|[^.\w$])eval\s{0,3}\(\s{0,3}(?!["'\x60)])`,
      r`\bnew${S}Function\s{0,3}\(|\bvm\.(?:runInNewContext|runInThisContext|runInContext|Script)\b`,
      r`\bset(?:Timeout|Interval)\s{0,3}\(\s{0,3}["'\x60]`,
    ],
    validate: (info) => !isProsePlural(info),
  }),
  pattern({
    id: 'exec-powershell-invoke-expression',
    category: 'code-execution',
    severity: 'high',
    examples: {
      match: [{ path: 'scripts/run.ps1', text: 'Invoke-Expression $command\n' }],
      noMatch: [{ path: 'scripts/run.ps1', text: 'Get-ChildItem -Path . -Filter *.md\n' }],
    },
    nature: 'code',
    keywords: ['iex', 'invoke-expression', 'scriptblock', 'add-type'],
    patterns: [
      r`\bInvoke-Expression\b|(?:^|[\s;|(])iex\b\s{0,3}[($"'\w]`,
      r`\[ScriptBlock\]::Create\(|\bAdd-Type\b[^\n]{0,60}-TypeDefinition`,
    ],
  }),
  pattern({
    id: 'exec-powershell-policy-bypass',
    category: 'code-execution',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/run.cmd', text: 'powershell -ExecutionPolicy Bypass -WindowStyle Hidden -File helper.ps1\n' }],
      noMatch: [{ path: 'scripts/run.cmd', text: 'powershell -NoProfile -File helper.ps1\n' }],
    },
    nature: 'code',
    keywords: ['bypass', 'unrestricted', 'hidden', 'noprofile'],
    patterns: [
      r`-(?:ExecutionPolicy|ep|exec)\s{1,3}(?:Bypass|Unrestricted)\b|\bSet-ExecutionPolicy\s{1,3}(?:Bypass|Unrestricted)\b`,
      r`-(?:WindowStyle|w|win)\s{1,3}Hidden\b|-NoProfile\s{1,3}-NonInteractive\s{1,3}-(?:w|WindowStyle)\s{1,3}hidden`,
    ],
  }),
  pattern({
    id: 'exec-reflective-call',
    category: 'code-execution',
    severity: 'high',
    examples: {
      match: [{ path: 'scripts/x.py', text: 'import os\nrun = getattr(os, "sys" + "tem")\n' }],
      noMatch: [{ path: 'scripts/x.py', text: 'value = getattr(config, "timeout", 30)\n' }],
    },
    nature: 'code',
    keywords: ['getattr', '__import__', 'importlib', 'globals()', '__builtins__', 'ctypes', 'virtualalloc', 'createremotethread', 'writeprocessmemory', "global['require']", 'global["require"]', 'process.binding', 'module.constructor'],
    patterns: [
      r`\bgetattr\(\s{0,3}(?:os|subprocess|builtins|__builtins__|sys|importlib|pty|socket)\s{0,3},`,
      r`\b__import__\(\s{0,3}(?:["'](?:os|subprocess|pty|socket|ctypes|base64|marshal|builtins)["']|[^"'\s)])`,
      r`\bimportlib\.import_module\(\s{0,3}(?:[^"'\s)f]|f(?!["'][\w.]{1,60}\.\{))|\bglobals\(\)\s{0,3}\[\s{0,3}["'](?:eval|exec|__builtins__|__import__)|\b__builtins__\s{0,3}(?:\.|\[\s{0,3}["'])\s{0,3}(?:eval|exec|__import__)`,
      r`\bctypes\.(?:CDLL|windll|cdll|WinDLL)\b[^\n]{0,80}(?:system|VirtualAlloc|CreateThread|WinExec|ShellExecute)|\b(?:VirtualAlloc(?:Ex)?|CreateRemoteThread|WriteProcessMemory|NtUnmapViewOfSection)\b`,
      r`\bglobal\[\s{0,3}["']require["']\s{0,3}\]|\bprocess\.binding\(|\bmodule\.constructor\._load\(`,
    ],
    // `try: __import__(name) except ImportError:` probes which dependencies are installed.
    validate: (info) => !(/^\s{0,40}(?:\w{1,40}\s{0,3}=\s{0,3})?__import__\(\s{0,3}\w/.test(info.line) && IMPORT_PROBE.test(followingLines(info, 15))),
  }),
  pattern({
    id: 'exec-shell-eval',
    category: 'code-execution',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/x.sh', text: '#!/bin/sh\neval "$REMOTE_CMD"\n' }],
      noMatch: [{ path: 'scripts/x.sh', text: '#!/bin/sh\neval "$(ssh-agent -s)"\n' }],
    },
    nature: 'code',
    langs: ['shell'],
    keywords: ['eval', '/dev/stdin', 'bash -c', 'sh -c'],
    patterns: [r`(?:^|[;&|]\s{0,3}|\s)eval\s{1,3}["']?\$`, r`\bsource\s{1,3}/dev/stdin\b`, r`\b(?:ba)?sh\s{1,3}-c\s{1,3}["']?\$\{?\w`],
    // The leading `\s` may be the line break before `eval`: the command is then on the next line.
    validate: (info) => !EVAL_LOCAL_TOOL.test(`${info.line.slice(info.startInLine)}\n${followingLines(info, 1)}`.replace(/^\s+/, '')),
  }),
  pattern({
    id: 'exec-unsafe-deserialization',
    category: 'code-execution',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/load.py', text: 'import pickle\nstate = pickle.loads(payload)\n' }],
      noMatch: [{ path: 'scripts/load.py', text: 'import yaml\nconf = yaml.safe_load(open("conf.yaml"))\n' }],
    },
    nature: 'code',
    // Loading one's own pickle in a documentation example is routine; a script doing it is worth a look.
    ctx: { fenced: -1, 'inline-code': -1, prose: -1 },
    keywords: ['pickle', 'marshal', 'shelve', 'yaml.load', 'yaml.unsafe_load', 'jsonpickle', 'dill', 'node-serialize', 'unserialize'],
    patterns: [
      r`\b(?:c?pickle|dill)\.loads?\s{0,3}\(|\bmarshal\.loads\s{0,3}\(|\bjsonpickle\.decode\s{0,3}\(|\byaml\.unsafe_load\s{0,3}\(|\bnode-serialize\b|\bunserialize\s{0,3}\(`,
      r`\byaml\.load\s{0,3}\((?![^\n)]{0,120}(?:SafeLoader|CSafeLoader|BaseLoader|safe_load))`,
    ],
  }),
];

const EVAL_LOCAL_TOOL = rx('exec:eval-local-tool', String.raw`^[;&|\s]{0,4}eval\s{1,3}"\$\(\s{0,3}(?!curl|wget|base64|echo|printf|cat|xxd|openssl|python|node|perl)(?:"[\w./$-]{1,60}"|[\w./-]{1,40})[^\n|;]{0,80}\)"`);
const DYNAMIC_CALL = rx('exec:dynamic-call', String.raw`\(\s{0,3}(?:f["']|\x60[^\x60\n]{0,200}\$\{|[A-Za-z_][\w.]{0,60}\s{0,3}(?:[,)+%]|\[)|["'][^"'\n]{0,200}["']\s{0,3}(?:\+|%|\.format\())`);

const FIRST_ARGUMENT = rx('exec:first-argument', String.raw`\(\s{0,3}([A-Za-z_][\w.]{0,60})\s{0,3}[,)]`);

/** Whether the call's first argument is the script's command-line input: `args.x`, `sys.argv`, or a name bound from them. */
function fromCommandLine(info: PatternMatchInfo): boolean {
  const name = FIRST_ARGUMENT.exec(info.line.slice(info.startInLine))?.[1];
  if (!name) return false;
  if (name.startsWith('args.') || name.startsWith('sys.argv')) return true;
  for (const raw of info.file.normLines) {
    if (!raw.includes('args.') && !raw.includes('sys.argv')) continue;
    const line = raw.trim();
    if (line.startsWith(`${name} =`) || line.startsWith(`${name}=`)) return true;
    const inAt = line.indexOf(' in ');
    if (line.startsWith('for ') && inAt > 4 && line.slice(4, inAt).split(/[\s,()]+/).includes(name)) return true;
  }
  return false;
}

/** The user's home directory interpolated into a path (`${process.env.HOME}/.local/bin/vault`) is a fixed location, not input. */
const HOME_INTERPOLATION = rx('exec:home-interpolation', String.raw`\$\{\s{0,2}(?:process\.env\.(?:HOME|USERPROFILE)|(?:os\.)?homedir\(\))\s{0,2}\}`, 'g');

/** Whether the call (the text from the match on) takes a variable, an f-string or an interpolated template. */
function isDynamicCall(line: string): boolean {
  return DYNAMIC_CALL.test(line.includes('${') ? line.replace(HOME_INTERPOLATION, '~') : line);
}
