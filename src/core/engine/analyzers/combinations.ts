import type { EngineFinding, Severity } from '../engine.types';
import { heuristic } from '../rules/define';
import { sevRank } from '../severity';

export const COMBINATION_RULES = [
  heuristic('combo-credential-exfiltration', 'exfiltration', 'critical'),
  heuristic('combo-personal-data-exfiltration', 'data-sharing', 'critical'),
  heuristic('combo-injection-with-concealment', 'prompt-injection', 'critical'),
  heuristic('combo-concealed-dangerous-action', 'concealment', 'critical'),
  heuristic('combo-scanner-evasion-with-payload', 'scanner-evasion', 'critical'),
];

/** Sources of credentials / secrets. */
const CREDENTIAL_SOURCES = new Set([
  'cred-ssh-private-key-read', 'cred-cloud-and-tool-credentials', 'cred-browser-and-wallet-data', 'cred-dotenv-read', 'cred-env-harvest',
  'cred-nl-harvest', 'cred-cloud-metadata', 'cred-system-secret-stores', 'cred-undocumented-secret-env', 'privacy-keylogging',
  'credhandling-ask-for-secret',
]);
/** Channels that carry data out of the machine. */
const SINKS = new Set([
  'exfil-network-send', 'exfil-paste-or-capture-service', 'exfil-chat-webhook', 'exfil-file-upload', 'exfil-dns', 'exfil-markdown-image',
  'exfil-nl-send-secrets', 'c2-raw-ip-endpoint', 'revshell-dev-tcp', 'revshell-netcat-socat', 'revshell-interactive', 'leakage-context-to-sink',
]);
/** Sinks that are suspicious on their own (not an ordinary API call). */
const SUSPICIOUS_SINKS = new Set([
  'exfil-paste-or-capture-service', 'exfil-chat-webhook', 'exfil-file-upload', 'exfil-dns', 'exfil-markdown-image', 'exfil-nl-send-secrets',
  'c2-raw-ip-endpoint', 'revshell-dev-tcp', 'revshell-netcat-socat', 'revshell-interactive', 'share-personal-data-third-party',
  'leakage-context-to-sink',
]);
const PERSONAL_SOURCES = new Set([
  'pii-request-government-id', 'pii-request-financial', 'pii-request-health-special', 'pii-request-contact-details', 'pii-harvest-personal-data',
  'privacy-contacts-access', 'privacy-messages-access', 'privacy-chat-history-access', 'privacy-clipboard-read', 'privacy-screen-capture',
  'privacy-camera-microphone', 'privacy-location-tracking', 'privacy-keylogging', 'privacy-browser-history', 'privacy-home-directory-sweep',
  'share-personal-data-payload', 'tracking-phone-home',
]);
const OVERRIDE_CATEGORIES = new Set(['prompt-injection', 'jailbreak']);
const DANGEROUS_CATEGORIES = new Set([
  'exfiltration', 'credential-access', 'remote-execution', 'code-execution', 'reverse-shell', 'persistence', 'agent-tampering',
  'destructive-commands', 'privilege-escalation', 'obfuscation', 'sensitive-access', 'data-sharing', 'pii-collection', 'financial-actions',
]);

function atLeast(f: EngineFinding, s: Severity): boolean {
  return sevRank(f.severity) >= sevRank(s);
}

export interface ComboHit {
  ruleId: string;
  anchor: EngineFinding;
}

/**
 * Combination escalations over the findings of one skill (after settings). Each produces one
 * critical finding anchored at the most telling finding of the pair.
 */
export function combinations(findings: readonly EngineFinding[]): ComboHit[] {
  const out: ComboHit[] = [];
  const real = findings.filter((f) => f.detectedBy === 'static');
  const credSource = real.find((f) => CREDENTIAL_SOURCES.has(f.ruleId) && atLeast(f, 'low'));
  const sink = real.find((f) => SINKS.has(f.ruleId) && (f.ruleId === 'exfil-network-send' || atLeast(f, 'low')));
  const suspiciousSink = real.find((f) => SUSPICIOUS_SINKS.has(f.ruleId) && atLeast(f, 'low'));
  if (credSource && sink) out.push({ ruleId: 'combo-credential-exfiltration', anchor: suspiciousSink ?? sink });

  const personal = real.find((f) => PERSONAL_SOURCES.has(f.ruleId) && atLeast(f, 'medium'));
  if (personal && suspiciousSink && suspiciousSink.ruleId !== personal.ruleId) out.push({ ruleId: 'combo-personal-data-exfiltration', anchor: suspiciousSink });

  const override = real.find((f) => OVERRIDE_CATEGORIES.has(f.category) && atLeast(f, 'high'));
  const conceal = real.find((f) => f.category === 'concealment' && atLeast(f, 'medium'));
  if (override && conceal) out.push({ ruleId: 'combo-injection-with-concealment', anchor: override });

  const dangerous = real.find(
    (f) => (DANGEROUS_CATEGORIES.has(f.category) && atLeast(f, 'high')) || (f.axis === 'privacy' && f.severity !== 'low' && atLeast(f, 'medium')),
  );
  if (conceal && dangerous) out.push({ ruleId: 'combo-concealed-dangerous-action', anchor: conceal });

  const scanner = real.find((f) => f.category === 'scanner-evasion' && atLeast(f, 'medium'));
  const payload = real.find((f) => f.category !== 'scanner-evasion' && atLeast(f, 'medium'));
  if (scanner && payload) out.push({ ruleId: 'combo-scanner-evasion-with-payload', anchor: scanner });
  return out;
}
