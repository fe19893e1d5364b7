import { ValidationPipe } from '@nestjs/common';
import { validationErrorFrom } from '../errors/validation-error';

/** One global pipe: unknown properties are rejected, payloads transformed into DTO classes. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => validationErrorFrom(errors),
  });
}
