import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ScanEntity } from './scan.entity';

/** A finding with its texts frozen in the scan's language at creation time. */
@Entity('findings')
@Index('idx_findings_scan_id', ['scanId'])
@Index('idx_findings_rule_id', ['ruleId'])
export class FindingEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'scan_id', type: 'integer' })
  scanId: number;

  @ManyToOne('ScanEntity', 'findings', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'scan_id', foreignKeyConstraintName: 'findings_scan_id_fkey' })
  scan?: ScanEntity;

  @Column({ name: 'rule_id', type: 'varchar', length: 128 })
  ruleId: string;

  @Column({ type: 'varchar', length: 16 })
  axis: 'security' | 'privacy';

  @Column({ type: 'varchar', length: 16 })
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';

  @Column({ type: 'varchar', length: 64 })
  category: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text', nullable: true })
  remediation: string | null;

  @Column({ type: 'text', nullable: true })
  file: string | null;

  @Column({ type: 'integer', nullable: true })
  line: number | null;

  @Column({ type: 'text', nullable: true })
  snippet: string | null;

  @Column({ name: 'detected_by', type: 'varchar', length: 8 })
  detectedBy: 'static' | 'ai';

  /** See src/core/report/finding-fingerprint.ts; null on rows written before it existed (computed on read). */
  @Column({ type: 'char', length: 64, nullable: true })
  fingerprint: string | null;

  @Column({ type: 'boolean', default: false })
  suppressed: boolean;

  /** The suppression that matched at creation (no foreign key: deleting it keeps the scan as stored). */
  @Column({ name: 'suppression_id', type: 'integer', nullable: true })
  suppressionId: number | null;

  /** The matching suppression's reason, copied at creation (SARIF justification). */
  @Column({ name: 'suppression_reason', type: 'text', nullable: true })
  suppressionReason: string | null;
}
