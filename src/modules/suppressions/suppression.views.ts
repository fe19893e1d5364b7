import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { SuppressionEntity } from './entities/suppression.entity';

/** The Suppression resource, field for field: the TypeScript type and the OpenAPI schema. */
@ApiSchema({ name: 'Suppression' })
export class SuppressionView {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() ruleId: string;
  @ApiProperty() reason: string;
  @ApiProperty({ type: String, nullable: true }) skillName: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Glob over the finding path' }) path: string | null;
  @ApiProperty({ type: String, nullable: true }) fingerprint: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiresAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ description: 'Email of the admin who created it' }) createdBy: string;
}

export function toSuppressionView(s: SuppressionEntity): SuppressionView {
  return {
    id: s.id,
    ruleId: s.ruleId,
    reason: s.reason,
    skillName: s.skillName,
    path: s.path,
    fingerprint: s.fingerprint?.trim() ?? null,
    expiresAt: s.expiresAt ? new Date(s.expiresAt).toISOString() : null,
    createdAt: new Date(s.createdAt).toISOString(),
    createdBy: s.createdBy,
  };
}
