/**
 * An error the HTTP edge answers with a given status and a localized message key (under
 * i18n/<lang>/errors.json): thrown by guards, pipes, the validation pipe and the readiness probe,
 * where the status is the point. Services throw the DomainError kinds of core/errors.ts instead,
 * mapped to statuses in one place (DOMAIN_STATUS in ApiErrorFilter).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}
