import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * A validator for the official SARIF 2.1.0 JSON schema (vendored beside this file, see
 * LICENSE.txt). The schema is draft-04; ajv 8 reads it once its draft-04 `id` is renamed to
 * `$id` and the `$schema` line dropped (the schema uses no other draft-04-only keyword). Its
 * `language` pattern (`^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$`) is not a valid Unicode-mode
 * regex, so patterns compile without the `u` flag, as JSON Schema validators of its time did.
 */
let validator: ValidateFunction | null = null;

export function sarifValidator(): ValidateFunction {
  if (validator) return validator;
  const schema = JSON.parse(readFileSync(join(__dirname, 'sarif-schema-2.1.0.json'), 'utf8'));
  schema.$id = schema.id;
  delete schema.id;
  delete schema.$schema;
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  validator = ajv.compile(schema);
  return validator;
}

/** Throws with ajv's messages when `log` is not a valid SARIF 2.1.0 log. */
export function assertValidSarif(log: unknown, label = 'SARIF log'): void {
  const validate = sarifValidator();
  if (!validate(log)) {
    throw new Error(`${label} is not valid SARIF 2.1.0: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
  }
}
