import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './app-config';
import { SESSION_SECRET_FILE, withFirstRunSessionSecret } from './first-run';

describe('withFirstRunSessionSecret', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'first-run-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('generates a 0600 secret on the embedded default, then reads the same one back', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = withFirstRunSessionSecret(config);
    expect(first.generated).toBe(true);
    expect(first.config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dataDir, SESSION_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(config.sessionSecret).toBeNull(); // the validated value is not mutated

    const second = withFirstRunSessionSecret(config);
    expect(second).toEqual({ config: first.config, generated: false });
  });

  it('generates nothing with DATABASE_URL or an explicit SESSION_SECRET', () => {
    const deployed = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/x' });
    expect(withFirstRunSessionSecret(deployed)).toEqual({ config: deployed, generated: false });
    const explicit = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'an-explicit-secret-123' });
    expect(withFirstRunSessionSecret(explicit).config.sessionSecret).toBe('an-explicit-secret-123');
    expect(() => readFileSync(join(dataDir, SESSION_SECRET_FILE))).toThrow(/ENOENT/);
  });

  it('refuses a secret file too short to be a key', () => {
    writeFileSync(join(dataDir, SESSION_SECRET_FILE), 'short\n');
    expect(() => withFirstRunSessionSecret(loadConfig({ DATA_DIR: dataDir }))).toThrow(/no usable session secret/);
  });
});
