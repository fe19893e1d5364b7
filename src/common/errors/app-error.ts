/**
 * An error the edge answers with a given status and a localized message key
 * (under i18n/<lang>/errors.json). Thrown by services and guards; rendered by ApiErrorFilter.
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

  static notFound(key = 'scanNotFound', params: Record<string, string | number> = {}): AppError {
    return new AppError(404, key, params);
  }
}
