import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Line sequences for the version classification (src/core/lineage/search/line-stats.ts): per
 * text file with postings its lines in order as 4-byte keys. The search bounds the LCS of a
 * candidate's file from these (a few hundred bytes read by primary key) and loads the content
 * only of the candidates whose bound still matters — on a catalogue where thousands of skills
 * carry the same LICENSE, hundreds of closely tied holders were each counted through their
 * postings and compared by content.
 *
 * No backfill: rows written before stay NULL and are counted and compared as before (postings
 * and content), so the result is the same either way.
 */
export class LineageLineSequences1764000020000 implements MigrationInterface {
  name = 'LineageLineSequences1764000020000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scan_file_lines ADD COLUMN line_seq bytea NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scan_file_lines DROP COLUMN IF EXISTS line_seq`);
  }
}
