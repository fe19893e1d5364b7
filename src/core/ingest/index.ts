import { Buffer } from 'node:buffer';
import { DomainError, LimitExceeded } from '../errors';
import { fingerprintOf } from '../lineage/fingerprint';
import { decodeBase64Strict } from './base64';
import { buildSkillFile } from './classify';
import {
  DEFAULT_INGEST_LIMITS,
  type IngestedSkill,
  type IngestInput,
  type IngestLimits,
  type SkillFile,
} from './ingest.types';
import { DEFAULT_SKILL_PATH, sanitiseFilename } from './paths';
import { readZip } from './zip';

export * from './ingest.types';
export { RATIO_FLOOR_BYTES } from './zip';
export { DEFAULT_SKILL_PATH } from './paths';

/**
 * Turns a scan input into normalised files and their fingerprint. Pure and synchronous; every
 * rejection is a DomainError with an `ingest.*` code (see the README-style notes in each helper).
 *
 * - `text`: one file `SKILL.md` whose content is the text exactly (hash over its UTF-8 bytes).
 * - `file`: one file named by the sanitised basename of `filename` (default `SKILL.md`).
 * - `zip`: every regular file of the archive (see zip.ts for limits, junk and root stripping).
 *
 * Files are sorted by path (code-unit order); fingerprint = fingerprintOf(files).
 */
export function ingestSkill(input: IngestInput, limits: IngestLimits = DEFAULT_INGEST_LIMITS): IngestedSkill {
  let files: SkillFile[];
  switch (input?.source) {
    case 'text':
      files = [ingestText(input.text, limits)];
      break;
    case 'file':
      files = [ingestFile(input, limits)];
      break;
    case 'zip':
      files = readZip(decodeContent(input.contentBase64), limits).map((f) => buildSkillFile(f.path, f.data));
      break;
    default:
      throw new DomainError('ingest.invalidSource');
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, fingerprint: fingerprintOf(files) };
}

function ingestText(text: unknown, limits: IngestLimits): SkillFile {
  if (typeof text !== 'string') throw new DomainError('ingest.missingText');
  if (text.trim() === '') throw new DomainError('ingest.emptyText');
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > limits.maxEntryBytes) {
    throw new LimitExceeded('ingest.textTooLarge', { limit: limits.maxEntryBytes });
  }
  return buildSkillFile(DEFAULT_SKILL_PATH, bytes, text);
}

function ingestFile(input: IngestInput, limits: IngestLimits): SkillFile {
  const path = sanitiseFilename(input.filename);
  const bytes = decodeContent(input.contentBase64, limits.maxEntryBytes);
  if (bytes.length === 0) throw new DomainError('ingest.emptyFile');
  return buildSkillFile(path, bytes);
}

function decodeContent(contentBase64: unknown, maxBytes?: number): Buffer {
  if (typeof contentBase64 !== 'string' || !/\S/.test(contentBase64)) {
    throw new DomainError('ingest.missingContent');
  }
  return decodeBase64Strict(contentBase64, maxBytes, 'ingest.fileTooLarge');
}
