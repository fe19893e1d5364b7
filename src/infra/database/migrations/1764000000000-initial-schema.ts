import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The whole schema of the service (the entity classes in src/modules mirror it). */
export class InitialSchema1764000000000 implements MigrationInterface {
  name = 'InitialSchema1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE scans (
        id serial PRIMARY KEY,
        name text NOT NULL,
        description text NULL,
        source varchar(8) NOT NULL,
        status varchar(16) NOT NULL,
        verdict varchar(8) NOT NULL,
        risk_score integer NOT NULL,
        file_count integer NOT NULL,
        ai_used boolean NOT NULL DEFAULT false,
        ai_error text NULL,
        language varchar(2) NOT NULL,
        count_critical integer NOT NULL DEFAULT 0,
        count_high integer NOT NULL DEFAULT 0,
        count_medium integer NOT NULL DEFAULT 0,
        count_low integer NOT NULL DEFAULT 0,
        count_info integer NOT NULL DEFAULT 0,
        count_security integer NOT NULL DEFAULT 0,
        count_privacy integer NOT NULL DEFAULT 0,
        count_total integer NOT NULL DEFAULT 0,
        fingerprint char(64) NOT NULL,
        relation varchar(16) NULL,
        similarity integer NULL,
        compared_scan_id integer NULL REFERENCES scans(id) ON DELETE SET NULL,
        hidden boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX idx_scans_fingerprint ON scans (fingerprint)`);
    await q.query(`CREATE INDEX idx_scans_compared_scan_id ON scans (compared_scan_id)`);
    await q.query(`CREATE INDEX idx_scans_created ON scans (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX idx_scans_visible_created ON scans (created_at DESC, id DESC) WHERE hidden = false`);

    await q.query(`
      CREATE TABLE scan_files (
        id serial PRIMARY KEY,
        scan_id integer NOT NULL REFERENCES scans(id) ON DELETE CASCADE,
        path text NOT NULL,
        kind varchar(16) NOT NULL,
        language varchar(32) NULL,
        size integer NOT NULL,
        hash char(64) NOT NULL,
        content text NULL
      )`);
    await q.query(`CREATE INDEX idx_scan_files_scan_id ON scan_files (scan_id)`);
    await q.query(`CREATE INDEX idx_scan_files_hash ON scan_files (hash)`);
    await q.query(`CREATE INDEX idx_scan_files_path_hash ON scan_files (path, hash)`);

    await q.query(`
      CREATE TABLE findings (
        id serial PRIMARY KEY,
        scan_id integer NOT NULL REFERENCES scans(id) ON DELETE CASCADE,
        rule_id varchar(128) NOT NULL,
        axis varchar(16) NOT NULL,
        severity varchar(16) NOT NULL,
        category varchar(64) NOT NULL,
        title text NOT NULL,
        description text NOT NULL,
        remediation text NULL,
        file text NULL,
        line integer NULL,
        snippet text NULL,
        detected_by varchar(8) NOT NULL
      )`);
    await q.query(`CREATE INDEX idx_findings_scan_id ON findings (scan_id)`);
    await q.query(`CREATE INDEX idx_findings_rule_id ON findings (rule_id)`);

    await q.query(`
      CREATE TABLE scan_checkpoints (
        id serial PRIMARY KEY,
        scan_id integer NOT NULL REFERENCES scans(id) ON DELETE CASCADE,
        position integer NOT NULL,
        checkpoint_key varchar(96) NOT NULL,
        label text NOT NULL,
        category varchar(64) NOT NULL,
        axis varchar(16) NULL,
        severity varchar(16) NULL,
        status varchar(16) NOT NULL,
        finding_count integer NOT NULL,
        score_delta integer NOT NULL,
        detected_by varchar(8) NULL
      )`);
    await q.query(`CREATE INDEX idx_scan_checkpoints_scan_id ON scan_checkpoints (scan_id, position)`);

    await q.query(`
      CREATE TABLE rules (
        id serial PRIMARY KEY,
        rule_id varchar(128) NOT NULL UNIQUE,
        axis varchar(16) NOT NULL,
        category varchar(64) NOT NULL,
        severity varchar(16) NOT NULL,
        default_severity varchar(16) NOT NULL,
        detection_type varchar(16) NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE prompts (
        id serial PRIMARY KEY,
        key varchar(64) NOT NULL UNIQUE,
        name text NOT NULL,
        content text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE ai_providers (
        id serial PRIMARY KEY,
        name text NOT NULL,
        api_type varchar(16) NOT NULL,
        base_url text NOT NULL,
        model text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        token_encrypted text NULL,
        token_preview varchar(32) NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE admin_users (
        id serial PRIMARY KEY,
        email varchar(320) NOT NULL UNIQUE,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['admin_users', 'ai_providers', 'prompts', 'rules', 'scan_checkpoints', 'findings', 'scan_files', 'scans']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
