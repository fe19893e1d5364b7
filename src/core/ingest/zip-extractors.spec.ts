import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { writeZip, type ZipWriterEntry, type ZipWriterOptions } from '../../../test/support/zip-writer';
import { ExtractorListings, infoZipAvailable, writeWithInfoZip, writeWithPython, ZIP } from '../../../test/support/zip-listers';
import { DomainError } from '../errors';
import { DEFAULT_INGEST_LIMITS } from './ingest.types';
import { stripCommonRoot } from './paths';
import AdmZip from 'adm-zip';
import { readZip, type ZipFileEntry } from './zip';

/**
 * Property: for random valid and mutated archives, every file that Python's `zipfile` or Info-ZIP
 * `unzip -l` lists is scanned (same paths after the same root stripping, same bytes as Python
 * reads), or the archive is rejected with a DomainError. Valid archives are never rejected.
 * Genuine macOS junk is the documented exception (never generated here: junk *names* carry
 * ordinary content, which must be scanned). Seeded and bounded (a few seconds).
 */
const SEED = 1226;

const leaf = fc.constantFrom('SKILL.md', 'run.sh', 'a.py', 'notes.txt', 'x y.md', '.DS_Store', '._a.md', 'README');
const dir = fc.constantFrom('d', 'scripts', '__MACOSX', 'skill');
const filePath = fc.tuple(fc.array(dir, { maxLength: 2 }), leaf).map(([dirs, name]) => [...dirs, name].join('/'));
const content = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
  fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 400 })).map(([s, n]) => s.repeat(n)),
);
const fileEntry: fc.Arbitrary<ZipWriterEntry> = fc.record({
  name: filePath,
  data: content,
  method: fc.constantFrom(0, 8),
  descriptor: fc.constantFrom(undefined, 'signed' as const, 'unsigned' as const),
});
const validEntries = fc
  .tuple(
    fc.uniqueArray(fileEntry, { minLength: 1, maxLength: 6, selector: (e) => e.name as string }),
    fc.subarray(['d/', 'scripts/', 'd/scripts/']),
  )
  .chain(([files, dirs]) => fc.shuffledSubarray([...files, ...dirs.map((name) => ({ name, method: 0 }))], { minLength: files.length + dirs.length }));
const comment = fc.option(fc.string({ maxLength: 30 }), { nil: undefined });

type Mutation = { kind: 'flip' | 'insert' | 'delete' | 'truncate'; at: number; byte: number };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('flip', 'insert', 'delete', 'truncate'),
  at: fc.nat(),
  byte: fc.integer({ min: 0, max: 255 }),
});

function mutate(buf: Buffer, mutations: readonly Mutation[]): Buffer {
  let out = buf;
  for (const m of mutations) {
    if (out.length === 0) break;
    const at = m.at % out.length;
    if (m.kind === 'flip') (out = Buffer.from(out))[at] ^= m.byte || 1;
    else if (m.kind === 'insert') out = Buffer.concat([out.subarray(0, at), Buffer.from([m.byte]), out.subarray(at)]);
    else if (m.kind === 'delete') out = Buffer.concat([out.subarray(0, at), out.subarray(at + 1)]);
    else out = out.subarray(0, at);
  }
  return out;
}

/** At most one structural lie the writer can tell (often none, so that some archives pass). */
const bytes = (max: number) => fc.uint8Array({ minLength: 1, maxLength: max }).map((a) => Buffer.from(a));
const hostileOptions = (count: number): fc.Arbitrary<ZipWriterOptions> =>
  fc.oneof(
    { weight: 7, arbitrary: comment.map((text) => ({ comment: text })) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: count + 3 }).map((declaredEntries) => ({ declaredEntries })) },
    { weight: 1, arbitrary: fc.integer({ min: -80, max: 80 }).map((cdSizeDelta) => ({ cdSizeDelta })) },
    { weight: 1, arbitrary: bytes(40).map((prefix) => ({ prefix })) },
    { weight: 1, arbitrary: bytes(20).map((trailing) => ({ trailing })) },
    { weight: 1, arbitrary: bytes(20).map((beforeEocd) => ({ beforeEocd })) },
    { weight: 1, arbitrary: fc.shuffledSubarray([...Array(count).keys()], { minLength: count }).map((centralOrder) => ({ centralOrder })) },
  );
const hostileEntry = (entry: ZipWriterEntry): fc.Arbitrary<ZipWriterEntry> =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(entry) },
    { weight: 1, arbitrary: fc.constant({ ...entry, localOnly: true }) },
    { weight: 1, arbitrary: bytes(30).map((gapAfter) => ({ ...entry, gapAfter })) },
    { weight: 1, arbitrary: filePath.map((name) => ({ ...entry, local: { name } })) },
  );
const hostileArchive = validEntries.chain((entries) =>
  fc.tuple(
    fc.tuple(...entries.map(hostileEntry)),
    hostileOptions(entries.length),
    fc.oneof({ weight: 1, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) }),
  ),
);

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** A tool's name as our reader normalises it: backslashes, `./` prefixes; directories dropped. */
const toolFiles = (names: string[]) => names.filter((n) => !n.endsWith('/')).map((n) => n.replace(/\\/g, '/').replace(/^(\.\/)+/, '').normalize('NFC'));

function accepted(buf: Buffer): ZipFileEntry[] | null {
  try {
    return readZip(buf, DEFAULT_INGEST_LIMITS);
  } catch (e) {
    if (e instanceof DomainError) return null;
    throw e; // anything else would be a 500
  }
}

describe('readZip agrees with Python zipfile and Info-ZIP unzip', () => {
  let tools: ExtractorListings;

  beforeAll(() => {
    ExtractorListings.assertToolsInstalled();
    tools = new ExtractorListings();
  });
  afterAll(() => tools?.close());

  /** The files we scan equal what both tools list; Python's bytes equal ours. */
  async function expectSameAsExtractors(buf: Buffer, ours: ZipFileEntry[]): Promise<void> {
    const scanned = ours.map((f) => f.path).sort();
    const byPath = new Map(ours.map((f) => [f.path, f.data]));
    const { python: listing, unzip } = await tools.list(buf);

    expect(listing.error).toBeUndefined();
    const pyPaths = stripCommonRoot(toolFiles(listing.files.map(([name]) => name)));
    expect([...pyPaths].sort()).toEqual(scanned);
    pyPaths.forEach((path, i) => {
      const digest = listing.files[i][1];
      expect(digest).not.toBeNull();
      expect(sha256(byPath.get(path)!)).toBe(digest);
    });

    expect(unzip.status).toBe(0);
    expect(stripCommonRoot(toolFiles(unzip.names)).sort()).toEqual(scanned);
  }

  it('valid archives (stored, deflated, data descriptors, directories, comments) are read exactly as the tools list them', async () => {
    await fc.assert(
      fc.asyncProperty(validEntries, comment, async (entries, text) => {
        const buf = writeZip(entries, { comment: text });
        const ours = accepted(buf);
        expect(ours).not.toBeNull();
        await expectSameAsExtractors(buf, ours!);
      }),
      { seed: SEED, numRuns: 80 },
    );
  });

  it('hostile and mutated archives are rejected, or read exactly as the tools list them', async () => {
    let acceptedCount = 0;
    await fc.assert(
      fc.asyncProperty(hostileArchive, async ([entries, options, mutations]) => {
        const buf = mutate(writeZip(entries, options), mutations);
        const ours = accepted(buf);
        if (ours === null) return;
        acceptedCount++;
        await expectSameAsExtractors(buf, ours);
      }),
      { seed: SEED, numRuns: 400 },
    );
    // The run must exercise both outcomes, not only rejections.
    expect(acceptedCount).toBeGreaterThan(25);
  });
});

describe('archives written by real tools are accepted and read in full', () => {
  const FILES = {
    'SKILL.md': '---\nname: demo\n---\n# Demo\nRun scripts/run.sh.\n',
    'scripts/run.sh': '#!/bin/sh\necho "hello"\n'.repeat(50),
    'notes/empty.txt': '',
  };
  const expectFiles = (buf: Buffer) => {
    const files = readZip(buf, DEFAULT_INGEST_LIMITS);
    expect(Object.fromEntries(files.map((f) => [f.path, f.data.toString('utf8')]))).toEqual(FILES);
  };

  beforeAll(() => ExtractorListings.assertToolsInstalled());

  it.each(['deflated', 'stored', 'stream'] as const)('Python zipfile (%s; stream = unseekable output, data descriptors)', (mode) => {
    expectFiles(writeWithPython({ 'skill/': '', ...Object.fromEntries(Object.entries(FILES).map(([k, v]) => [`skill/${k}`, v])) }, mode, 'a comment'));
  });

  it('adm-zip', () => {
    const zip = new AdmZip();
    for (const [name, text] of Object.entries(FILES)) zip.addFile(name, Buffer.from(text, 'utf8'));
    expectFiles(zip.toBuffer());
  });

  (infoZipAvailable() ? it.each : it.skip.each)([[[]], [['-D']], [['-X']], [['-0']], [['-']]])(
    `Info-ZIP ${ZIP} -r %j (skipped when zip is not installed)`,
    (flags: string[]) => {
      expectFiles(writeWithInfoZip(FILES, flags));
    },
  );
});
