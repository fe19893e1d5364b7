import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ScanEntity } from './scan.entity';

/** One inspection step of a scan, in report order (`position`). */
@Entity('scan_checkpoints')
@Index('idx_scan_checkpoints_scan_id', ['scanId', 'position'])
export class ScanCheckpointEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'scan_id', type: 'integer' })
  scanId: number;

  @ManyToOne('ScanEntity', 'checkpoints', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'scan_id', foreignKeyConstraintName: 'scan_checkpoints_scan_id_fkey' })
  scan?: ScanEntity;

  @Column({ type: 'integer' })
  position: number;

  /** The checkpoint id of the API (e.g. `category:exfiltration`). */
  @Column({ name: 'checkpoint_key', type: 'varchar', length: 96 })
  checkpointKey: string;

  @Column({ type: 'text' })
  label: string;

  @Column({ type: 'varchar', length: 64 })
  category: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  axis: 'security' | 'privacy' | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info' | null;

  @Column({ type: 'varchar', length: 16 })
  status: 'pass' | 'flagged' | 'skipped' | 'error';

  @Column({ name: 'finding_count', type: 'integer' })
  findingCount: number;

  @Column({ name: 'score_delta', type: 'integer' })
  scoreDelta: number;

  @Column({ name: 'detected_by', type: 'varchar', length: 8, nullable: true })
  detectedBy: 'static' | 'ai' | null;
}
