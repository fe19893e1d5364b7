export type ScanSource = 'zip' | 'file' | 'text';
export type FileKind = 'instruction' | 'script' | 'resource';

/** One normalised file of a skill. `content` is null for binary files. */
export interface SkillFile {
  /** Normalised POSIX path relative to the skill root, e.g. `scripts/run.py`. */
  path: string;
  kind: FileKind;
  /** e.g. `markdown`, `python`, `shell`, `javascript`; null when unknown. */
  language: string | null;
  /** Size in bytes of the raw content. */
  size: number;
  /** Lowercase hex SHA-256 of the raw bytes. */
  hash: string;
  /** UTF-8 text content; null for binary files. */
  content: string | null;
  /**
   * What the leading bytes say the file is (`elf`, `pe`, `macho`, `zip`, `gzip`, `pdf`, `png`,
   * `jpeg`, `gif`, `webp`, `woff`, `woff2`, `ttf`, `otf`, `pyc`, `wasm`, `class`, ...), or null.
   * Not stored: the engine compares it with the extension (file-type mismatch, embedded binaries).
   */
  detectedType: string | null;
}

export interface IngestInput {
  source: ScanSource;
  contentBase64?: string | null;
  filename?: string | null;
  text?: string | null;
}

export interface IngestLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxEntryBytes: number;
  maxCompressionRatio: number;
}

export const DEFAULT_INGEST_LIMITS: IngestLimits = {
  maxEntries: 1000,
  maxTotalBytes: 50 * 1024 * 1024,
  maxEntryBytes: 10 * 1024 * 1024,
  maxCompressionRatio: 100,
};

export interface IngestedSkill {
  /** Sorted by path (code-unit order). */
  files: SkillFile[];
  /** See fingerprint.ts for the exact serialisation. */
  fingerprint: string;
}
