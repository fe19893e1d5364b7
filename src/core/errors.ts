/**
 * A failure the domain can name. It carries a stable code (an i18n key under `errors.`)
 * and optional parameters for the message; the HTTP status and the wording are chosen
 * at the edge (see common/filters).
 */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

export type DomainErrorCode =
  // input shape
  | 'ingest.invalidBase64'
  | 'ingest.missingContent'
  | 'ingest.missingText'
  | 'ingest.emptyText'
  | 'ingest.emptyFile'
  | 'ingest.notZip'
  | 'ingest.emptyZip'
  | 'ingest.pathTraversal'
  | 'ingest.absolutePath'
  | 'ingest.invalidPath'
  | 'ingest.symlink'
  | 'ingest.duplicatePath'
  | 'ingest.encryptedEntry'
  | 'ingest.unsupportedCompression'
  | 'ingest.corruptEntry'
  // archive structure (zip-structure.ts)
  | 'ingest.ambiguousZip'
  | 'ingest.entryCountMismatch'
  | 'ingest.headerMismatch'
  | 'ingest.multiDisk'
  | 'ingest.zip64'
  | 'ingest.tooManyEntries'
  | 'ingest.totalTooLarge'
  | 'ingest.entryTooLarge'
  | 'ingest.compressionRatio'
  | 'ingest.fileTooLarge'
  | 'ingest.textTooLarge'
  | 'ingest.invalidSource';
