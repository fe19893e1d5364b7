/**
 * A failure the domain can name. It carries a stable code (an i18n key under `errors.`),
 * optional parameters for the message, and a kind; the HTTP status (by kind, DOMAIN_STATUS in
 * common/filters) and the wording (by code) are chosen at the edge. A plain DomainError is
 * invalid input; the subclasses below name the other kinds.
 */
export class DomainError extends Error {
  readonly kind: DomainErrorKind = 'invalid';

  constructor(
    readonly code: DomainErrorCode | ServiceErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = new.target.name;
  }
}

export type DomainErrorKind = 'invalid' | 'notFound' | 'conflict' | 'limitExceeded' | 'unprocessable' | 'unauthenticated' | 'notConfigured';

/** The resource does not exist (or the caller may not know it does). */
export class NotFound extends DomainError {
  override readonly kind = 'notFound';
}

/** The request contradicts the current state of a resource. */
export class Conflict extends DomainError {
  override readonly kind = 'conflict';
}

/** The input breaks a configured limit (sizes, counts). */
export class LimitExceeded extends DomainError {
  override readonly kind = 'limitExceeded';
}

/** Well-formed, but the service cannot do what was asked (e.g. no AI provider for a description). */
export class Unprocessable extends DomainError {
  override readonly kind = 'unprocessable';
}

/** The caller's credentials do not identify anyone. */
export class Unauthenticated extends DomainError {
  override readonly kind = 'unauthenticated';
}

/** A deployment setting the operation needs is missing (an operator's problem, not the caller's). */
export class NotConfigured extends DomainError {
  override readonly kind = 'notConfigured';
}

/** Codes the app's services use (i18n keys under errors.). */
export type ServiceErrorCode =
  | 'scanNotFound'
  | 'providerNotFound'
  | 'promptNotFound'
  | 'ruleNotFound'
  | 'suppressionNotFound'
  | 'suppressions.unknownRule'
  | 'suppressions.expiresInPast'
  | 'invalidCredentials'
  | 'descriptionUnavailable'
  | 'sessionSecretMissing'
  | 'tokenKeyMissing';

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
