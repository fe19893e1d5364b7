import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/openapi/api-docs.decorators';
import { HealthStatusSchema } from '../../common/openapi/schemas';
import { AppError } from '../../common/errors/app-error';
import { ReadinessService, type CheckState } from './readiness.service';

export interface ReadinessView {
  status: 'ok';
  checks: { database: CheckState; redis: CheckState };
}

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  /** Liveness: the process answers HTTP. Touches no dependency. */
  @Get('healthz')
  @ApiOkResponse({ type: HealthStatusSchema })
  @ApiErrors()
  health(): { status: string } {
    return { status: 'ok' };
  }

  /**
   * Readiness: 200 `{status: "ok", checks}` when the database (and Redis, when configured)
   * answer; otherwise 503 with the usual localized `{error}` naming the failed checks.
   */
  @Get('readyz')
  @ApiOkResponse({ description: 'Database (and Redis, when configured) answer', schema: { type: 'object', required: ['status', 'checks'], properties: { status: { type: 'string' }, checks: { type: 'object' } } } })
  @ApiErrors(503)
  async ready(): Promise<ReadinessView> {
    const report = await this.readiness.check();
    if (!report.ready) {
      const failed = Object.entries(report.checks)
        .filter(([, state]) => state === 'down')
        .map(([name]) => name);
      throw new AppError(503, 'notReady', { checks: failed.join(', ') });
    }
    return { status: 'ok', checks: report.checks };
  }
}
