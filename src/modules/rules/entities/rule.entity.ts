import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The database view of a catalog rule: admins change `severity` and `enabled`. Texts live in i18n/. */
@Entity('rules')
export class RuleEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'rule_id', type: 'varchar', length: 128, unique: true })
  ruleId: string;

  @Column({ type: 'varchar', length: 16 })
  axis: 'security' | 'privacy';

  @Column({ type: 'varchar', length: 64 })
  category: string;

  @Column({ type: 'varchar', length: 16 })
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';

  @Column({ name: 'default_severity', type: 'varchar', length: 16 })
  defaultSeverity: 'critical' | 'high' | 'medium' | 'low' | 'info';

  @Column({ name: 'detection_type', type: 'varchar', length: 16 })
  detectionType: 'regex' | 'heuristic' | 'ai';

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
