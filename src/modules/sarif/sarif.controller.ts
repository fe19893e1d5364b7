import { Controller, Get, Header, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RequestLanguage } from '../../common/decorators/request-language.decorator';
import { ApiErrors } from '../../common/openapi/api-docs.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import type { Language } from '../../infra/i18n/i18n.setup';
import { SarifService } from './sarif.service';

export const SARIF_CONTENT_TYPE = 'application/sarif+json';
const PLAIN_HOST = /^[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?$/;

@ApiTags('scans')
@Controller('scans')
export class SarifController {
  constructor(private readonly sarif: SarifService) {}

  /** The scan as SARIF 2.1.0 for code-scanning dashboards; visible exactly when GET /scans/{id} is. */
  @Get(':id/sarif')
  @Header('Content-Type', SARIF_CONTENT_TYPE)
  @ApiOkResponse({
    description:
      'SARIF 2.1.0 log with one run: tool.driver (name skill-audit, rules that fired with texts in the request language), one result per ' +
      'finding (level critical/high → error, medium → warning, low/info → note; partialFingerprints["skillAudit/v1"]; suppressed ' +
      'findings carry suppressions[] kind external), run.properties {verdict, riskScore, scanId, scanName, fingerprint}',
    content: { [SARIF_CONTENT_TYPE]: { schema: { type: 'object', externalDocs: { url: 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html' } } } },
  })
  @ApiErrors(400, 404)
  get(@Param('id', ParseIdPipe) id: number, @RequestLanguage() language: Language, @Req() req: Request): Promise<Record<string, unknown>> {
    const host = req.get('host');
    const origin = `${req.protocol === 'https' ? 'https' : 'http'}://${host && PLAIN_HOST.test(host) ? host : 'localhost'}`;
    return this.sarif.sarif(id, language, `${origin}/api/docs`);
  }
}
