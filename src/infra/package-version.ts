import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The service's version from package.json (src/infra and dist/infra sit at the same depth). */
export const PACKAGE_VERSION: string = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
