import type { EntityManager } from 'typeorm';
import { insertColumns, insertRows, type TableColumns } from '../../infra/database/bulk-insert';
import type { ScanEntity } from './entities/scan.entity';
import { SCAN_ROW_COLUMNS, type ScanRow } from './scan-rows';

/**
 * The write side of a scan's rows: one column list per table and the builders of its rows, so
 * that the POST path and the benchmark seeders write the same columns the same way. Table and
 * column names are code constants; every value goes in as a parameter.
 */

/** scans, as written at creation (id, hidden and created_at come from their defaults). */
export const SCANS: TableColumns = {
  table: 'scans',
  columns: [
    ['name', 'text'],
    ['description', 'text'],
    ['source', 'varchar'],
    ['status', 'varchar'],
    ['verdict', 'varchar'],
    ['risk_score', 'int'],
    ['file_count', 'int'],
    ['ai_used', 'boolean'],
    ['ai_error', 'text'],
    ['language', 'varchar'],
    ['count_critical', 'int'],
    ['count_high', 'int'],
    ['count_medium', 'int'],
    ['count_low', 'int'],
    ['count_info', 'int'],
    ['count_security', 'int'],
    ['count_privacy', 'int'],
    ['count_total', 'int'],
    ['count_suppressed', 'int'],
    ['fingerprint', 'char(64)'],
    ['relation', 'varchar'],
    ['similarity', 'int'],
    ['compared_scan_id', 'int'],
  ],
};

export const SCAN_FILES: TableColumns = {
  table: 'scan_files',
  columns: [
    ['scan_id', 'int'],
    ['path', 'text'],
    ['kind', 'varchar'],
    ['language', 'varchar'],
    ['size', 'int'],
    ['hash', 'char(64)'],
    ['content', 'text'],
  ],
};

export interface NewScan {
  name: string;
  description: string | null;
  source: ScanEntity['source'];
  verdict: ScanEntity['verdict'];
  riskScore: number;
  fileCount: number;
  aiUsed: boolean;
  aiError: string | null;
  language: string;
  counts: { critical: number; high: number; medium: number; low: number; info: number; security: number; privacy: number; total: number; suppressed?: number };
  fingerprint: string;
  relation: ScanEntity['relation'];
  similarity: number | null;
  comparedScanId: number | null;
}

/** A scans row in the order of {@link SCANS}. */
export function scanRow(s: NewScan): unknown[] {
  const c = s.counts;
  return [
    s.name, s.description, s.source, 'completed', s.verdict, s.riskScore, s.fileCount, s.aiUsed, s.aiError, s.language,
    c.critical, c.high, c.medium, c.low, c.info, c.security, c.privacy, c.total, c.suppressed ?? 0,
    s.fingerprint, s.relation, s.similarity, s.comparedScanId,
  ];
}

export interface NewScanFile {
  path: string;
  kind: string;
  language: string | null;
  size: number;
  hash: string;
  content: string | null;
}

/** A scan_files row in the order of {@link SCAN_FILES}. */
export const scanFileRow = (scanId: number, f: NewScanFile): unknown[] => [scanId, f.path, f.kind, f.language, f.size, f.hash, f.content];

/** Rows (value arrays in a table's column order) as one array per column, for {@link insertColumns}. */
export function toColumns(table: TableColumns, rows: ReadonlyArray<readonly unknown[]>): unknown[][] {
  const columns: unknown[][] = table.columns.map(() => []);
  for (const row of rows) for (let i = 0; i < columns.length; i++) columns[i].push(row[i]);
  return columns;
}

const names = (table: TableColumns) => table.columns.map(([name]) => name);

export class ScanRepository {
  constructor(private readonly manager: EntityManager) {}

  /** One new scan; answers its row as the read paths select it. */
  async insertScan(scan: NewScan): Promise<ScanRow> {
    const [row] = await insertRows<ScanRow>(this.manager, SCANS.table, names(SCANS), [scanRow(scan)], SCAN_ROW_COLUMNS);
    return row;
  }

  /** Many scans with ids reserved beforehand ({@link reserveIds}; the benchmark seeders). */
  async insertScansWithIds(ids: readonly number[], scans: readonly NewScan[]): Promise<void> {
    await insertColumns(this.manager, { table: SCANS.table, columns: [['id', 'int'], ...SCANS.columns] }, [ids, ...toColumns(SCANS, scans.map(scanRow))]);
  }

  async reserveIds(count: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.manager.query(`SELECT nextval('scans_id_seq')::int AS id FROM generate_series(1, $1)`, [count]);
    return rows.map((r) => r.id);
  }

  /** scan_files rows, given as value arrays in the order of {@link SCAN_FILES}. */
  async insertFiles(rows: ReadonlyArray<readonly unknown[]>): Promise<void> {
    await insertColumns(this.manager, SCAN_FILES, toColumns(SCAN_FILES, rows));
  }
}
