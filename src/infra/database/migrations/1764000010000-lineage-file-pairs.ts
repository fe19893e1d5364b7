import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `(content hash, path)` postings of whole files for the version classification
 * (src/core/lineage/search, "pairs"): the holders of a file that many scans copy verbatim (a
 * LICENSE, a shared helper script) are read newest first in pages, and copies of a hash at
 * other paths are found without walking its holders. scan_file_lines already has one row per
 * file (the scan's path count is scans.file_count), so this is one index, no new table.
 */
export class LineageFilePairs1764000010000 implements MigrationInterface {
  name = 'LineageFilePairs1764000010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idx_scan_file_lines_hash_path ON scan_file_lines (hash, path, scan_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS idx_scan_file_lines_hash_path`);
  }
}
