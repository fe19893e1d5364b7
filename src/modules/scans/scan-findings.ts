import type { EntityManager } from 'typeorm';
import { findingChanges } from '../../core/report/finding-changes';
import { findingFingerprints } from '../../core/report/finding-fingerprint';
import { FindingEntity } from './entities/finding.entity';
import type { ScanEntity } from './entities/scan.entity';
import { toFindingView, type FindingDeltaView, type FindingView } from './scan.views';

/**
 * The fingerprint of each of a scan's findings (given in id order, i.e. engine order): the stored
 * value, or for rows written before fingerprints existed the same function over the stored
 * rule id, file, snippet, title and line (see migration 1764000013000).
 */
export function fingerprintsOf(findings: readonly FindingEntity[]): string[] {
  if (findings.every((f) => f.fingerprint !== null)) return findings.map((f) => f.fingerprint!.trim());
  const computed = findingFingerprints(
    findings.map((f) => ({ ruleId: f.ruleId, file: f.file, snippet: f.snippet, title: f.detectedBy === 'ai' ? f.title : null, line: f.line })),
  );
  return findings.map((f, i) => f.fingerprint?.trim() ?? computed[i]);
}

/** A scan's findings as Finding views (id order), fingerprints filled in. */
export function findingViews(findings: readonly FindingEntity[]): FindingView[] {
  const fingerprints = fingerprintsOf(findings);
  return findings.map((f, i) => toFindingView(f, fingerprints[i]));
}

export function loadFindings(manager: EntityManager, scanId: number): Promise<FindingEntity[]> {
  return manager.find(FindingEntity, { where: { scanId }, order: { id: 'ASC' } });
}

/**
 * ScanDetail.findingDelta: for a `modified` scan, how many findings it adds and resolves against
 * its compared scan (matched by fingerprint); null for every other scan.
 */
export async function findingDeltaOf(
  manager: EntityManager,
  scan: Pick<ScanEntity, 'relation' | 'comparedScanId'>,
  current: readonly { fingerprint: string }[],
): Promise<FindingDeltaView | null> {
  if (scan.relation !== 'modified' || scan.comparedScanId === null) return null;
  const previous = fingerprintsOf(await loadFindings(manager, scan.comparedScanId)).map((fingerprint) => ({ fingerprint }));
  const changes = findingChanges(current, previous);
  return { added: changes.added.length, resolved: changes.resolved.length };
}
