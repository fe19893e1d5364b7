import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An admin's acceptance of findings: rule, optional skill name, path glob and fingerprint, optional expiry. */
@Entity('suppressions')
@Index('idx_suppressions_rule_id', ['ruleId'])
export class SuppressionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'rule_id', type: 'varchar', length: 128 })
  ruleId: string;

  @Column({ type: 'text' })
  reason: string;

  @Column({ name: 'skill_name', type: 'varchar', length: 200, nullable: true })
  skillName: string | null;

  @Column({ type: 'varchar', length: 256, nullable: true })
  path: string | null;

  @Column({ type: 'char', length: 64, nullable: true })
  fingerprint: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'created_by', type: 'varchar', length: 320 })
  createdBy: string;
}
