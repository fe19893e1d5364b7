import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The size band of the version classification (src/core/lineage/search, `large`): the stored
 * text files at a path with at least a given number of lines. A huge paste (100 000+ lines) is
 * then compared with the few stored files of comparable size instead of probing each of its
 * lines' posting lists (a file of m lines shares at most m lines with it).
 */
export class LineageSizeBand1764000016000 implements MigrationInterface {
  name = 'LineageSizeBand1764000016000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idx_scan_file_lines_size ON scan_file_lines (path, line_count) WHERE line_count > 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS idx_scan_file_lines_size`);
  }
}
