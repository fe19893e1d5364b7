import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Unauthenticated } from '../../core/errors';
import { hashPassword, needsRehash, verifyPassword } from '../../infra/crypto/password';
import type { AuthMeView } from './auth.views';
import { normalizeEmail } from './email';
import { AdminUserEntity } from './entities/admin-user.entity';
import { SessionTokenService } from './session-token.service';

export interface LoginResult {
  me: AuthMeView;
  token: string;
}

@Injectable()
export class AuthService implements OnModuleInit {
  private readonly logger = new Logger(AuthService.name);
  private dummyHash: Promise<string> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tokens: SessionTokenService,
  ) {}

  onModuleInit(): void {
    // Warm the dummy hash so the first unknown-email login costs the same as the others.
    if (this.tokens.enabled) void this.getDummyHash().catch(() => undefined);
  }

  /**
   * Checks the credentials and issues a session token. The email is compared lower-cased. The
   * password is always run through scrypt — against a dummy hash when no admin has that email —
   * so the answer and its timing do not reveal whether the email exists.
   */
  async login(emailInput: string, password: string): Promise<LoginResult> {
    this.tokens.assertEnabled();
    const email = normalizeEmail(emailInput);
    const admin = await this.dataSource.getRepository(AdminUserEntity).findOne({
      where: { email },
      select: { id: true, email: true, passwordHash: true },
    });
    const matches = await verifyPassword(password, admin?.passwordHash ?? (await this.getDummyHash()));
    if (!admin || !matches) throw new Unauthenticated('invalidCredentials');
    if (needsRehash(admin.passwordHash)) void this.rehash(admin.id, password);
    const token = this.tokens.sign({ id: admin.id, email: admin.email });
    return { me: { authenticated: true, isAdmin: true, email: admin.email }, token };
  }

  private getDummyHash(): Promise<string> {
    if (!this.dummyHash) {
      this.dummyHash = hashPassword(randomBytes(24).toString('base64'));
      this.dummyHash.catch(() => (this.dummyHash = null));
    }
    return this.dummyHash;
  }

  /** Upgrades a hash made with weaker parameters after a successful sign-in (best effort). */
  private async rehash(id: number, password: string): Promise<void> {
    try {
      const passwordHash = await hashPassword(password);
      await this.dataSource.getRepository(AdminUserEntity).update({ id }, { passwordHash });
    } catch (error) {
      this.logger.warn(`password rehash failed for admin ${id}: ${error instanceof Error ? error.name : 'error'}`);
    }
  }
}
