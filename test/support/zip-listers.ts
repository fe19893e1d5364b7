import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';

/**
 * What real extractors list for a ZIP file on disk, for the property test that the scanner sees
 * every file they would: Python's `zipfile` (one long-lived python3 process answering one JSON
 * line per path, so a run of hundreds of archives costs one interpreter start) and Info-ZIP
 * `unzip -l`.
 */
export interface PythonListing {
  /** false: zipfile refused to open the archive (it then lists nothing). */
  ok: boolean;
  /** Regular files (directories left out): [name, sha256 of the content, or null when reading failed]. */
  files: Array<[string, string | null]>;
  error?: string;
}

const PYTHON_LISTER = `
import sys, json, zipfile, hashlib
for line in sys.stdin:
    path = line.rstrip('\\n')
    try:
        with zipfile.ZipFile(path) as z:
            files = []
            for info in z.infolist():
                if info.is_dir():
                    continue
                try:
                    digest = hashlib.sha256(z.read(info)).hexdigest()
                except Exception:
                    digest = None
                files.append([info.filename, digest])
            out = {'ok': True, 'files': files}
    except Exception as e:
        out = {'ok': False, 'files': [], 'error': type(e).__name__ + ': ' + str(e)[:200]}
    sys.stdout.write(json.dumps(out) + '\\n')
    sys.stdout.flush()
`;

export class PythonZipLister {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: Interface;
  private readonly waiting: Array<(line: string) => void> = [];

  constructor() {
    this.child = spawn('python3', ['-u', '-c', PYTHON_LISTER], { stdio: 'pipe' });
    this.lines = createInterface({ input: this.child.stdout });
    this.lines.on('line', (line) => this.waiting.shift()?.(line));
  }

  list(path: string): Promise<PythonListing> {
    return new Promise((resolve) => {
      this.waiting.push((line) => resolve(JSON.parse(line) as PythonListing));
      this.child.stdin.write(`${path}\n`);
    });
  }

  close(): void {
    this.lines.close();
    this.child.stdin.end();
    this.child.kill();
  }
}

/** True when python3 can be started (the property test says clearly when it cannot). */
export function pythonAvailable(): boolean {
  return spawnSync('python3', ['-c', 'import zipfile'], { stdio: 'ignore' }).status === 0;
}

export const UNZIP = '/usr/bin/unzip';

export function unzipAvailable(): boolean {
  return spawnSync(UNZIP, ['-v'], { stdio: 'ignore' }).status === 0;
}

export interface UnzipListing {
  /** unzip's exit code: 0 ok, 1 warnings (still listed), ≥ 2 errors. */
  status: number | null;
  /** Every name listed, directories included (they end with `/`). */
  names: string[];
}

/** `unzip -l FILE`: the names between the two dashed separator lines. */
export function unzipList(path: string): UnzipListing {
  const run = spawnSync(UNZIP, ['-l', path], { encoding: 'latin1', env: { ...process.env, LC_ALL: 'C' }, timeout: 10_000 });
  const names: string[] = [];
  let inTable = false;
  for (const line of run.stdout.split('\n')) {
    if (/^-{9}/.test(line)) {
      if (inTable) break;
      inTable = true;
      continue;
    }
    const m = inTable ? /^\s*\d+\s+\S+\s+\S+\s{3}(.*)$/.exec(line) : null;
    if (m) names.push(Buffer.from(m[1], 'latin1').toString('utf8'));
  }
  return { status: run.status, names };
}

/** Both tools over one scratch file: `list(buf)` answers what each would list for `buf`. */
export class ExtractorListings {
  private readonly python = new PythonZipLister();
  private readonly dir = mkdtempSync(join(tmpdir(), 'zip-extractors-'));
  private readonly file = join(this.dir, 'case.zip');

  /** Throws a clear error when a tool is missing (the test must not pass silently without it). */
  static assertToolsInstalled(): void {
    if (!pythonAvailable()) throw new Error('python3 is not installed: the extractor property test needs Python zipfile');
    if (!unzipAvailable()) {
      throw new Error(`Info-ZIP unzip is not installed at ${UNZIP}: install it with "apt-get install -y unzip" (.ci/run does)`);
    }
  }

  async list(buf: Buffer): Promise<{ python: PythonListing; unzip: UnzipListing }> {
    writeFileSync(this.file, buf);
    const python = await this.python.list(this.file);
    return { python, unzip: unzipList(this.file) };
  }

  close(): void {
    this.python.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const PYTHON_WRITER = `
import sys, json, io, zipfile
spec = json.load(sys.stdin)
method = zipfile.ZIP_STORED if spec['mode'] == 'stored' else zipfile.ZIP_DEFLATED
class Unseekable(io.RawIOBase):
    def __init__(self): self.data = bytearray()
    def writable(self): return True
    def write(self, b): self.data += b; return len(b)
out = Unseekable() if spec['mode'] == 'stream' else io.BytesIO()
with zipfile.ZipFile(out, 'w', method) as z:
    if spec.get('comment'): z.comment = spec['comment'].encode()
    for name, text in spec['files'].items():
        if name.endswith('/'): z.writestr(zipfile.ZipInfo(name), b'')
        else: z.writestr(name, text.encode())
data = bytes(out.data) if spec['mode'] == 'stream' else out.getvalue()
sys.stdout.buffer.write(data)
`;

/** A ZIP written by Python's zipfile: deflated, stored, or streamed to an unseekable file (data descriptors). */
export function writeWithPython(files: Record<string, string>, mode: 'deflated' | 'stored' | 'stream', comment?: string): Buffer {
  const run = spawnSync('python3', ['-c', PYTHON_WRITER], { input: JSON.stringify({ files, mode, comment }), maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`python zip writer failed: ${run.stderr.toString()}`);
  return run.stdout;
}

export const ZIP = '/usr/bin/zip';

/** A ZIP written by Info-ZIP `zip -r <flags>` from a temporary folder (`-` as the archive: to stdout). */
export function writeWithInfoZip(files: Record<string, string>, flags: string[]): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'infozip-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      const path = join(dir, 'skill', name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
    const toStdout = flags.includes('-');
    const run = spawnSync(ZIP, ['-q', '-r', ...flags.filter((f) => f !== '-'), toStdout ? '-' : 'out.zip', 'skill'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(`zip failed: ${run.stderr.toString()}`);
    return toStdout ? run.stdout : readFileSync(join(dir, 'out.zip'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function infoZipAvailable(): boolean {
  return spawnSync(ZIP, ['-v'], { stdio: 'ignore' }).status === 0;
}
