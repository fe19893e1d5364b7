import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './app-config';

/** Where the embedded default keeps its generated session secret (inside DATA_DIR). */
export const SESSION_SECRET_FILE = 'session-secret';

/**
 * First run on the embedded default (no DATABASE_URL): without SESSION_SECRET nobody could sign
 * in, so a random secret is generated once and kept in DATA_DIR (file mode 0600) beside the
 * database it protects; later starts read it back, so sessions and encrypted provider tokens
 * (whose key derives from it when TOKEN_ENCRYPTION_KEY is unset) survive restarts.
 * With DATABASE_URL set (a deployment) nothing is generated: the operator sets the secret.
 */
export function withFirstRunSessionSecret(config: AppConfig): { config: AppConfig; generated: boolean } {
  if (config.databaseUrl !== null || config.sessionSecret !== null) return { config, generated: false };
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, SESSION_SECRET_FILE);
  let generated = false;
  try {
    // `wx`: never overwrite a secret another start wrote first.
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    generated = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 16) throw new Error(`${file} holds no usable session secret (remove it to generate a new one)`);
  return { config: { ...config, sessionSecret: secret }, generated };
}
