import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/openapi/api-docs.decorators';
import { RequestLanguage } from '../../common/decorators/request-language.decorator';
import { Viewer } from '../../common/decorators/viewer.decorator';
import type { SessionUser } from '../../common/guards/session-user';
import type { Language } from '../../infra/i18n/i18n.setup';
import { DashboardSummaryView } from './dashboard.views';
import { DashboardService } from './dashboard.service';

@ApiTags('dashboard')
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  /** Public. Aggregates cover every scan; `recentScans` leaves hidden scans out for non-admins. */
  @Get()
  @ApiOkResponse({ type: DashboardSummaryView })
  @ApiErrors()
  summary(@Viewer() viewer: SessionUser | null, @RequestLanguage() language: Language): Promise<DashboardSummaryView> {
    return this.dashboard.summary({ isAdmin: viewer?.isAdmin ?? false }, language);
  }
}
