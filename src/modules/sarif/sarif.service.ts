import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { RULE_CATALOG } from '../../core/engine';
import { toSarif, type SarifFinding, type SarifRuleInfo } from '../../core/report/sarif';
import type { Language } from '../../infra/i18n/i18n.setup';
import { PACKAGE_VERSION } from '../../infra/package-version';
import { RuleTextsService } from '../rules/rule-texts.service';
import { fingerprintsOf, loadFindings } from '../scans/scan-findings';
import { ScansService } from '../scans/scans.service';
import { toScanView } from '../scans/scan.views';

const RULE_META = new Map(RULE_CATALOG.map((rule) => [rule.ruleId, rule]));

/** GET /scans/{id}/sarif: a stored scan as a SARIF 2.1.0 log (src/core/report/sarif.ts). */
@Injectable()
export class SarifService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly scans: ScansService,
    private readonly ruleTexts: RuleTextsService,
  ) {}

  async sarif(id: number, language: Language, informationUri: string): Promise<Record<string, unknown>> {
    // The same lookup (and 404) as GET /scans/{id}.
    const scan = toScanView(await this.scans.findScan(id));
    const findings = await loadFindings(this.dataSource.manager, id);
    const fingerprints = fingerprintsOf(findings);
    const sarifFindings: SarifFinding[] = findings.map((f, i) => ({
      ruleId: f.ruleId,
      axis: f.axis,
      severity: f.severity,
      category: f.category,
      title: f.title,
      description: f.description,
      file: f.file,
      line: f.line,
      detectedBy: f.detectedBy,
      fingerprint: fingerprints[i],
      suppressed: f.suppressed,
      suppressionReason: f.suppressionReason,
    }));
    return toSarif({
      tool: { version: PACKAGE_VERSION, informationUri },
      scan: { id: scan.id, name: scan.name, verdict: scan.verdict, riskScore: scan.riskScore, fingerprint: scan.fingerprint },
      findings: sarifFindings,
      ruleInfo: (ruleId, first) => this.ruleInfo(ruleId, first, language),
    });
  }

  /** Catalog rules: texts in the request language; AI rules (not in the catalog): the finding's own texts. */
  private ruleInfo(ruleId: string, first: SarifFinding, language: Language): SarifRuleInfo {
    const meta = RULE_META.get(ruleId);
    if (!meta) {
      return { axis: first.axis, category: first.category, severity: first.severity, title: first.title, description: first.description, help: first.description };
    }
    const texts = this.ruleTexts.ruleTexts(ruleId, language);
    return {
      axis: meta.axis,
      category: meta.category,
      severity: first.severity,
      title: texts.title,
      description: texts.description,
      help: texts.remediation ?? texts.description,
    };
  }
}
