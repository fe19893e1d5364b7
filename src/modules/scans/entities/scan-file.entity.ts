import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ScanEntity } from './scan.entity';

@Entity('scan_files')
@Index('idx_scan_files_scan_id', ['scanId'])
@Index('idx_scan_files_hash', ['hash'])
@Index('idx_scan_files_path_hash', ['path', 'hash'])
export class ScanFileEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'scan_id', type: 'integer' })
  scanId: number;

  @ManyToOne('ScanEntity', 'files', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'scan_id', foreignKeyConstraintName: 'scan_files_scan_id_fkey' })
  scan?: ScanEntity;

  @Column({ type: 'text' })
  path: string;

  @Column({ type: 'varchar', length: 16 })
  kind: 'instruction' | 'script' | 'resource';

  @Column({ type: 'varchar', length: 32, nullable: true })
  language: string | null;

  @Column({ type: 'integer' })
  size: number;

  @Column({ type: 'char', length: 64 })
  hash: string;

  /** Text content; null for binary files (only hash and size are kept). */
  @Column({ type: 'text', nullable: true })
  content: string | null;
}
