import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import type { ScanFileEntity } from './scan-file.entity';
import type { FindingEntity } from './finding.entity';
import type { ScanCheckpointEntity } from './scan-checkpoint.entity';

/** One audit report. Finding counts are denormalised so lists and the dashboard never join findings. */
@Entity('scans')
@Index('idx_scans_fingerprint_id', ['fingerprint', 'id'])
@Index('idx_scans_compared_scan_id', ['comparedScanId'])
// Hand-made in the migrations (descending keys, a partial index), so not synchronised from here.
@Index('idx_scans_created', { synchronize: false })
@Index('idx_scans_visible_created', { synchronize: false })
@Index('idx_scans_family', { synchronize: false })
export class ScanEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 8 })
  source: 'zip' | 'file' | 'text';

  @Column({ type: 'varchar', length: 16 })
  status: 'completed' | 'failed';

  @Column({ type: 'varchar', length: 8 })
  verdict: 'pass' | 'review' | 'block';

  @Column({ name: 'risk_score', type: 'integer' })
  riskScore: number;

  @Column({ name: 'file_count', type: 'integer' })
  fileCount: number;

  @Column({ name: 'ai_used', type: 'boolean', default: false })
  aiUsed: boolean;

  @Column({ name: 'ai_error', type: 'text', nullable: true })
  aiError: string | null;

  /** Language the scan was created in (de, en, es): its finding texts and AI calls use it. */
  @Column({ type: 'varchar', length: 2 })
  language: 'de' | 'en' | 'es';

  @Column({ name: 'count_critical', type: 'integer', default: 0 })
  countCritical: number;
  @Column({ name: 'count_high', type: 'integer', default: 0 })
  countHigh: number;
  @Column({ name: 'count_medium', type: 'integer', default: 0 })
  countMedium: number;
  @Column({ name: 'count_low', type: 'integer', default: 0 })
  countLow: number;
  @Column({ name: 'count_info', type: 'integer', default: 0 })
  countInfo: number;
  @Column({ name: 'count_security', type: 'integer', default: 0 })
  countSecurity: number;
  @Column({ name: 'count_privacy', type: 'integer', default: 0 })
  countPrivacy: number;
  @Column({ name: 'count_total', type: 'integer', default: 0 })
  countTotal: number;
  @Column({ name: 'count_suppressed', type: 'integer', default: 0 })
  countSuppressed: number;

  @Column({ type: 'char', length: 64 })
  fingerprint: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  relation: 'new' | 'identical' | 'modified' | null;

  @Column({ type: 'integer', nullable: true })
  similarity: number | null;

  @Column({ name: 'compared_scan_id', type: 'integer', nullable: true })
  comparedScanId: number | null;

  @ManyToOne('ScanEntity', { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'compared_scan_id', foreignKeyConstraintName: 'scans_compared_scan_id_fkey' })
  comparedScan?: ScanEntity | null;

  /** Lineage family, maintained by the trg_scans_lineage_family_* triggers (migration LineagePostings); never written here. */
  @Column({ name: 'family_id', type: 'integer', nullable: true, insert: false, update: false, select: false })
  familyId?: number | null;

  @Column({ type: 'boolean', default: false })
  hidden: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @OneToMany('ScanFileEntity', 'scan')
  files?: ScanFileEntity[];

  @OneToMany('FindingEntity', 'scan')
  findings?: FindingEntity[];

  @OneToMany('ScanCheckpointEntity', 'scan')
  checkpoints?: ScanCheckpointEntity[];
}
