import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/**
 * OpenAPI schemas of the bodies that are not resources. The resources (Scan, ScanDetail,
 * AiProvider, Prompt, Rule, DashboardSummary, …) are described once, by the response classes
 * of their modules' *.views.ts, which are also their TypeScript types.
 */
@ApiSchema({ name: 'ApiError' })
export class ApiErrorSchema {
  @ApiProperty({ example: 'Scan nicht gefunden.' }) error: string;
}

@ApiSchema({ name: 'HealthStatus' })
export class HealthStatusSchema {
  @ApiProperty({ example: 'ok' }) status: string;
}
