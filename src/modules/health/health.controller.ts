import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

@ApiTags('health')
@Controller()
export class HealthController {
  /** Liveness: the process answers HTTP. */
  @Get('healthz')
  health(): { status: string } {
    return { status: 'ok' };
  }
}
