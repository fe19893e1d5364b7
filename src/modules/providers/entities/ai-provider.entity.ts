import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An external AI provider. The token is stored only encrypted (AES-256-GCM); never returned. */
@Entity('ai_providers')
export class AiProviderEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'api_type', type: 'varchar', length: 16 })
  apiType: 'provider_a' | 'provider_b' | 'custom';

  @Column({ name: 'base_url', type: 'text' })
  baseUrl: string;

  @Column({ type: 'text' })
  model: string;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /** `v1:<iv>:<tag>:<ciphertext>` (base64 parts), or null when no token is stored. */
  @Column({ name: 'token_encrypted', type: 'text', nullable: true })
  tokenEncrypted: string | null;

  /** Masked preview computed when the token is stored (e.g. `sk-a…9xyz`). */
  @Column({ name: 'token_preview', type: 'varchar', length: 32, nullable: true })
  tokenPreview: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
