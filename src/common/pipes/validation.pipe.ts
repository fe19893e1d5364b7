import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { AppError } from '../errors/app-error';
import { validationErrorFrom } from '../errors/validation-error';

/**
 * One global pipe: unknown properties are rejected, payloads transformed into DTO classes.
 * Before that, a string containing NUL anywhere in a body or query is refused (400
 * `validation.noNul`, naming the field): PostgreSQL cannot store U+0000 in text, so such a value
 * would otherwise fail as a 500 deep inside a query (docs/decisions.md, "NUL characters").
 */
class ApiValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query') {
      const field = firstNulField(value);
      if (field !== null) throw new AppError(400, 'validation.noNul', { field });
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new ApiValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => validationErrorFrom(errors),
  });
}

/**
 * Dotted path of the first string value containing U+0000, or null. Iterative (an explicit
 * stack), so it is linear in the size of the value whatever its depth (bodies are depth-bounded
 * before parsing anyway).
 */
export function firstNulField(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return (path || 'body').slice(0, 100);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) stack.push([(v as Record<string, unknown>)[keys[i]], path ? `${path}.${keys[i]}` : keys[i]]);
    }
  }
  return null;
}
