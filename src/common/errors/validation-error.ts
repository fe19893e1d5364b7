import type { ValidationError } from 'class-validator';
import { AppError } from './app-error';

/** The first failing field and constraint of a DTO, rendered as `errors.validation.<constraint>`. */
export function validationErrorFrom(errors: ValidationError[]): AppError {
  const first = firstLeaf(errors, '');
  if (!first) return new AppError(400, 'invalidBody');
  return new AppError(400, `validation.${first.constraint}`, { field: first.field });
}

const KNOWN_CONSTRAINTS = new Set([
  'isString', 'isBoolean', 'isIn', 'isInt', 'isNotEmpty', 'minLength', 'maxLength', 'isDefined',
  'whitelistValidation', 'isEmail', 'min', 'max', 'isUrl', 'isObject', 'nestedValidation',
]);

function firstLeaf(errors: ValidationError[], prefix: string): { field: string; constraint: string } | null {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      // class-validator lists constraints in decorator order (bottom-up); isDefined first is most helpful.
      const names = Object.keys(error.constraints);
      const chosen = names.includes('isDefined') ? 'isDefined' : names[names.length - 1];
      return { field, constraint: KNOWN_CONSTRAINTS.has(chosen) ? chosen : 'invalid' };
    }
    if (error.children?.length) {
      const nested = firstLeaf(error.children, field);
      if (nested) return nested;
    }
  }
  return null;
}
