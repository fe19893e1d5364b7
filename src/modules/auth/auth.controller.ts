import { Body, Controller, Get, Header, HttpCode, Post, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Viewer } from '../../common/decorators/viewer.decorator';
import type { SessionUser } from '../../common/guards/session-user';
import { ApiErrors } from '../../common/openapi/api-docs.decorators';
import { AuthService } from './auth.service';
import { ANONYMOUS, AuthMeView } from './auth.views';
import { LoginDto } from './dto/login.dto';
import { LoginThrottled } from './login-throttle';
import { SESSION_COOKIE } from './session.constants';
import { SessionTokenService } from './session-token.service';

export type { AuthMeView } from './auth.views';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly tokens: SessionTokenService,
  ) {}

  /** Always 200: reports whether the caller has a valid session. */
  @Get('me')
  @ApiOkResponse({ type: AuthMeView, description: 'Always 200; anonymous callers get authenticated: false' })
  @ApiErrors()
  @Header('Cache-Control', 'no-store')
  me(@Viewer() user: SessionUser | null): AuthMeView {
    return user ? { authenticated: true, isAdmin: user.isAdmin, email: user.email } : { ...ANONYMOUS };
  }

  /** 200 AuthMe + the `session` cookie; 401 invalidCredentials; 429 when throttled; 500 sessionSecretMissing. */
  @Post('auth/login')
  @ApiOkResponse({ type: AuthMeView, description: 'Signed in; sets the httpOnly `session` cookie (SameSite=Lax, 30 days)' })
  @ApiErrors(400, 401, 415, 429)
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @LoginThrottled()
  async login(@Body() body: LoginDto, @Res({ passthrough: true }) response: Response): Promise<AuthMeView> {
    const { me, token } = await this.auth.login(body.email, body.password);
    response.cookie(SESSION_COOKIE, token, this.tokens.cookieOptions());
    return me;
  }

  /** 204; clears the cookie with the same attributes. Works with or without a session. */
  @Post('auth/logout')
  @ApiNoContentResponse({ description: 'Signed out; the `session` cookie is cleared' })
  @ApiErrors(415)
  @HttpCode(204)
  @Header('Cache-Control', 'no-store')
  logout(@Res({ passthrough: true }) response: Response): void {
    response.cookie(SESSION_COOKIE, '', this.tokens.clearedCookieOptions());
  }
}
