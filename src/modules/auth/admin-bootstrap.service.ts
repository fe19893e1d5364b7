import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { hashPassword } from '../../infra/crypto/password';
import { normalizeEmail } from './email';

export type BootstrapOutcome = 'created' | 'exists' | 'not-configured';

/** The admin a first run on the embedded default creates when ADMIN_EMAIL/ADMIN_PASSWORD are unset. */
export const FIRST_RUN_ADMIN_EMAIL = 'admin@localhost';

/** Key of the transaction-scoped advisory lock that serialises bootstraps across instances. */
const BOOTSTRAP_LOCK = 'skill-audit:admin-bootstrap';

/**
 * Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD at API start-up when no admin user
 * exists (spec: Authentication 5). Safe when several instances start at once: the insert runs
 * under a transaction-scoped advisory lock and is conditional on "no admin yet", with
 * ON CONFLICT DO NOTHING on the unique email as a second fence — exactly one row, no error.
 * An existing admin is never modified (changing ADMIN_PASSWORD later does not reset it).
 *
 * First run on the embedded default (no DATABASE_URL, no admin, ADMIN_* unset): creates
 * `admin@localhost` with a random password, stored only as its scrypt hash and printed once in
 * one start-up line, so `npm ci && npm start` ends with someone able to sign in. With
 * DATABASE_URL set (a deployment) nothing is generated; the warning below stays.
 */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminBootstrapService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    let outcome = await this.ensureAdmin();
    if (outcome === 'created') this.logger.log('Created the initial admin user from ADMIN_EMAIL');
    if (outcome === 'not-configured' && this.config.databaseUrl === null) {
      const password = randomBytes(18).toString('base64url');
      outcome = await this.ensureAdmin({ email: FIRST_RUN_ADMIN_EMAIL, password });
      if (outcome === 'created') {
        // Warn level: still shown when LOG_LEVEL=warn; the password is never logged again.
        this.logger.warn(
          `First run: created the admin ${FIRST_RUN_ADMIN_EMAIL} with the password ${password} ` +
            '(shown only now; sign in with POST /api/auth/login or in Swagger UI at /api/docs)',
        );
      }
    }
    if (outcome === 'not-configured') {
      this.logger.warn('No admin user exists and ADMIN_EMAIL/ADMIN_PASSWORD are not set: nobody can sign in');
    }
    if (!this.config.sessionSecret) this.logger.warn('SESSION_SECRET is not set: sign-in is disabled, every request is anonymous');
  }

  async ensureAdmin(
    credentials: { email: string | null; password: string | null } = { email: this.config.adminEmail, password: this.config.adminPassword },
  ): Promise<BootstrapOutcome> {
    if (await this.anyAdmin()) return 'exists';
    if (!credentials.email || !credentials.password) return 'not-configured';
    // Hash outside the transaction: the lock is held only for the check-and-insert.
    const passwordHash = await hashPassword(credentials.password);
    const email = normalizeEmail(credentials.email);
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [BOOTSTRAP_LOCK]);
      const inserted: unknown[] = await manager.query(
        `INSERT INTO admin_users (email, password_hash)
         SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM admin_users)
         ON CONFLICT (email) DO NOTHING
         RETURNING id`,
        [email, passwordHash],
      );
      return inserted.length > 0 ? 'created' : 'exists';
    });
  }

  private async anyAdmin(): Promise<boolean> {
    const rows: Array<{ exists: boolean }> = await this.dataSource.query('SELECT EXISTS (SELECT 1 FROM admin_users) AS "exists"');
    return rows[0]?.exists === true;
  }
}
