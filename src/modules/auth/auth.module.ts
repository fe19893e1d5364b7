import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginThrottlerGuard } from './login-throttle';
import { SessionMiddleware } from './session.middleware';
import { SessionResolver } from './session.resolver';
import { SessionTokenService } from './session-token.service';

/**
 * Sign-in (login/logout/me), the admin bootstrap and session resolution. The session middleware
 * runs for every route, so any module can protect a route with `@UseGuards(AdminGuard)`
 * (common/guards/admin.guard.ts) or read the caller with `@Viewer()` without importing this module.
 * Needs ThrottlerModule.forRootAsync with `loginThrottlers(...)` (api.module.ts).
 */
@Module({
  // The secret is passed per call (SESSION_SECRET may be unset: sign-in then answers 500, never a crash).
  imports: [JwtModule.register({})],
  controllers: [AuthController],
  providers: [AuthService, SessionTokenService, SessionResolver, SessionMiddleware, AdminBootstrapService, LoginThrottlerGuard],
  exports: [SessionResolver, AdminBootstrapService],
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // '{*splat}' is path-to-regexp 8's "every path" (a bare '*' is the legacy form Nest warns about).
    consumer.apply(SessionMiddleware).forRoutes('{*splat}');
  }
}
