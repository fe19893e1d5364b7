import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Language } from '../../infra/i18n/i18n.setup';
import { RuleTextsService } from '../rules/rule-texts.service';
import { SCAN_ROW_COLUMNS, scanFromRow, type ScanRow } from '../scans/scan-rows';
import { toScanView } from '../scans/scan.views';
import type { DashboardSummaryView, RuleStatView } from './dashboard.views';

/** How many scans `recentScans` lists (newest first). */
export const RECENT_SCANS_LIMIT = 10;
/** How many rules `topRules` lists (most findings first, ties by ruleId). */
export const TOP_RULES_LIMIT = 10;

interface StatsRow {
  scans: string;
  risk_score_sum: string;
  verdict_pass: string;
  verdict_review: string;
  verdict_block: string;
  count_critical: string;
  count_high: string;
  count_medium: string;
  count_low: string;
  count_info: string;
  count_security: string;
  count_privacy: string;
}

interface RuleHitRow {
  rule_id: string;
  hits: string;
  axis: 'security' | 'privacy';
  title: string;
}

/**
 * GET /dashboard from the trigger-maintained summary tables `scan_stats` (8 rows) and
 * `rule_hit_counts` (rules × ≤ 8 rows) — see migration 1764000007000 — plus one indexed
 * LIMIT query for the recent scans. No scan or finding rows are loaded or counted here, so the
 * cost does not grow with the number of stored scans.
 */
@Injectable()
export class DashboardService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ruleTexts: RuleTextsService,
  ) {}

  async summary(viewer: { isAdmin: boolean }, language: Language): Promise<DashboardSummaryView> {
    const [statsRows, ruleRows, recent] = await Promise.all([
      this.dataSource.query(
        `SELECT coalesce(sum(scans), 0)::bigint AS scans, coalesce(sum(risk_score_sum), 0)::bigint AS risk_score_sum,
                coalesce(sum(verdict_pass), 0)::bigint AS verdict_pass, coalesce(sum(verdict_review), 0)::bigint AS verdict_review,
                coalesce(sum(verdict_block), 0)::bigint AS verdict_block,
                coalesce(sum(count_critical), 0)::bigint AS count_critical, coalesce(sum(count_high), 0)::bigint AS count_high,
                coalesce(sum(count_medium), 0)::bigint AS count_medium, coalesce(sum(count_low), 0)::bigint AS count_low,
                coalesce(sum(count_info), 0)::bigint AS count_info,
                coalesce(sum(count_security), 0)::bigint AS count_security, coalesce(sum(count_privacy), 0)::bigint AS count_privacy
         FROM scan_stats`,
      ) as Promise<StatsRow[]>,
      // Top rules by summed hits first; axis and title (of the newest finding) only for those.
      this.dataSource.query(
        `WITH top AS (
           SELECT rule_id, sum(hits) AS hits FROM rule_hit_counts
           GROUP BY rule_id HAVING sum(hits) > 0
           ORDER BY sum(hits) DESC, rule_id ASC LIMIT $1
         )
         SELECT t.rule_id, t.hits::bigint AS hits, newest.axis, newest.title
         FROM top t
         CROSS JOIN LATERAL (
           SELECT h.axis, h.title FROM rule_hit_counts h WHERE h.rule_id = t.rule_id ORDER BY h.last_finding_id DESC LIMIT 1
         ) newest
         ORDER BY t.hits DESC, t.rule_id ASC`,
        [TOP_RULES_LIMIT],
      ) as Promise<RuleHitRow[]>,
      // The (created_at DESC, id DESC) index — the partial one without hidden scans for non-admins.
      this.dataSource.query(
        `SELECT ${SCAN_ROW_COLUMNS} FROM scans ${viewer.isAdmin ? '' : 'WHERE hidden = false'}
         ORDER BY created_at DESC, id DESC LIMIT $1`,
        [RECENT_SCANS_LIMIT],
      ) as Promise<ScanRow[]>,
    ]);

    const s = statsRows[0];
    const total = Number(s.scans);
    return {
      totalScans: total,
      avgRiskScore: total === 0 ? 0 : Math.round(Number(s.risk_score_sum) / total),
      verdictCounts: { pass: Number(s.verdict_pass), review: Number(s.verdict_review), block: Number(s.verdict_block) },
      severityTotals: {
        critical: Number(s.count_critical),
        high: Number(s.count_high),
        medium: Number(s.count_medium),
        low: Number(s.count_low),
        info: Number(s.count_info),
      },
      axisTotals: { security: Number(s.count_security), privacy: Number(s.count_privacy) },
      recentScans: recent.map((row) => toScanView(scanFromRow(row))),
      topRules: ruleRows.map((row) => this.ruleStat(row, language)),
    };
  }

  /**
   * Catalog rules are titled in the request's language (i18n/<lang>/rules.json); a rule without
   * a catalog text (AI findings, `ai.<slug>`) keeps the title of its newest stored finding.
   */
  private ruleStat(row: RuleHitRow, language: Language): RuleStatView {
    const catalogTitle = this.ruleTexts.ruleTexts(row.rule_id, language).title;
    const hasCatalogText = typeof catalogTitle === 'string' && catalogTitle !== '' && catalogTitle !== row.rule_id;
    return {
      ruleId: row.rule_id,
      title: hasCatalogText ? catalogTitle : row.title,
      axis: row.axis,
      count: Number(row.hits),
    };
  }
}
