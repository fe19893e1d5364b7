import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { AXIS } from '../../common/openapi/enums';
import { ScanView } from '../scans/scan.views';

/** RuleStat of the spec: how many findings a rule produced over all stored scans. */
@ApiSchema({ name: 'RuleStat' })
export class RuleStatView {
  @ApiProperty() ruleId: string;
  @ApiProperty() title: string;
  @ApiProperty({ enum: AXIS }) axis: 'security' | 'privacy';
  @ApiProperty({ type: 'integer' }) count: number;
}

@ApiSchema({ name: 'VerdictCounts' })
export class VerdictCountsView {
  @ApiProperty({ type: 'integer' }) pass: number;
  @ApiProperty({ type: 'integer' }) review: number;
  @ApiProperty({ type: 'integer' }) block: number;
}

@ApiSchema({ name: 'SeverityTotals' })
export class SeverityTotalsView {
  @ApiProperty({ type: 'integer' }) critical: number;
  @ApiProperty({ type: 'integer' }) high: number;
  @ApiProperty({ type: 'integer' }) medium: number;
  @ApiProperty({ type: 'integer' }) low: number;
  @ApiProperty({ type: 'integer' }) info: number;
}

@ApiSchema({ name: 'AxisTotals' })
export class AxisTotalsView {
  @ApiProperty({ type: 'integer' }) security: number;
  @ApiProperty({ type: 'integer' }) privacy: number;
}

/** DashboardSummary of the spec, field for field (the TypeScript type and the OpenAPI schema). */
@ApiSchema({ name: 'DashboardSummary' })
export class DashboardSummaryView {
  @ApiProperty({ type: 'integer' }) totalScans: number;
  @ApiProperty({ type: 'integer' }) avgRiskScore: number;
  @ApiProperty({ type: VerdictCountsView }) verdictCounts: VerdictCountsView;
  @ApiProperty({ type: SeverityTotalsView }) severityTotals: SeverityTotalsView;
  @ApiProperty({ type: AxisTotalsView }) axisTotals: AxisTotalsView;
  @ApiProperty({ type: [ScanView] }) recentScans: ScanView[];
  @ApiProperty({ type: [RuleStatView] }) topRules: RuleStatView[];
}
