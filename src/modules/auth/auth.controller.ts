import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Viewer } from '../../common/decorators/viewer.decorator';
import type { SessionUser } from '../../common/guards/session-user';

export interface AuthMeView {
  authenticated: boolean;
  isAdmin: boolean;
  email: string | null;
}

@ApiTags('auth')
@Controller()
export class AuthController {
  /** Always 200: reports whether the caller has a valid session. */
  @Get('me')
  me(@Viewer() user: SessionUser | null): AuthMeView {
    return user ? { authenticated: true, isAdmin: user.isAdmin, email: user.email } : { authenticated: false, isAdmin: false, email: null };
  }
}
