import { rx } from '../regex-registry';
import type { Frontmatter } from './frontmatter';

/**
 * Capabilities that are a skill's declared purpose. A messaging integration reads messages, a
 * session tool reads transcripts, a hook or memory skill writes agent configuration, a daemon skill
 * installs a service: when the frontmatter name or description declares that purpose, the
 * capability finding itself weighs two levels less. Combinations still see its full weight, so a
 * declared capability paired with a suspicious channel (paste site, webhook, raw IP) is judged as
 * before — a description cannot buy an exfiltration path.
 */
const PURPOSES: ReadonlyArray<readonly [readonly string[], RegExp]> = [
  [
    ['agent-config-write'],
    rx('purpose:agent-config', String.raw`\b(?:claude\.md|agents\.md|memory|memories|configur\w{0,6}|settings|plugins?|(?:slash[- ])?commands?|skills?|hooks?|sessions?|sync\w{0,3}|onboarding|instructions?\sfiles?)\b`, 'i'),
  ],
  [['agent-hook-install'], rx('purpose:agent-hook', String.raw`\b(?:hooks?|plugins?|guard\w{0,6}|audit\w{0,6}|polic(?:y|ies)|pretooluse|sessionstart|enforce\w{0,4})\b`, 'i')],
  [['privacy-chat-history-access'], rx('purpose:chat-history', String.raw`\b(?:sessions?|transcripts?|conversations?|chat\s(?:history|logs?)|histor(?:y|ies)|usage|recap|retrospective)\b`, 'i')],
  [
    ['privacy-messages-access'],
    rx('purpose:messages', String.raw`\b(?:messag\w{0,6}|imessage|sms|telegram|discord|slack|whatsapp|signal|e-?mails?|inbox|mail|chat|topics?|queues?|broker|kafka|notifications?)\b`, 'i'),
  ],
  [['privacy-contacts-access'], rx('purpose:contacts', String.raw`\b(?:contacts?|address\sbook|crm|people|directory)\b`, 'i')],
  [['privacy-clipboard-read'], rx('purpose:clipboard', String.raw`\b(?:clipboard|copy|paste)\b`, 'i')],
  [['privacy-screen-capture'], rx('purpose:screen', String.raw`\b(?:screens?|screenshots?|screen\scaptures?|recording|desktop|ui\sautomation|rpa|browser)\b`, 'i')],
  [['privacy-camera-microphone'], rx('purpose:media', String.raw`\b(?:camera|microphone|audio|voice|video|speech|dictation|transcrib\w{0,4})\b`, 'i')],
  [['privacy-location-tracking'], rx('purpose:location', String.raw`\b(?:locations?|geo\w{0,8}|maps?|gps|weather|nearby|travel|navigation)\b`, 'i')],
  [
    ['persist-launchd', 'persist-systemd-initd', 'persist-cron', 'persist-windows-autostart'],
    rx('purpose:service', String.raw`\b(?:daemons?|services?|launchd|launch\sagents?|systemd|cron\w{0,3}|schedul\w{0,4}|background|monitor\w{0,4}|startup|autostart|login\sitems?|agent\sinstall\w{0,3})\b`, 'i'),
  ],
];

/** Levels a declared capability's finding is lowered by. */
export const DECLARED_PURPOSE_DELTA = -2;

/** Rule ids whose capability the skill declares as its purpose (frontmatter name and description). */
export function declaredPurposeRules(frontmatter: Frontmatter | null): ReadonlySet<string> {
  const out = new Set<string>();
  if (!frontmatter) return out;
  const text = `${frontmatter.name ?? ''}\n${frontmatter.description ?? ''}`.slice(0, 4096);
  if (text.trim() === '') return out;
  for (const [rules, re] of PURPOSES) if (re.test(text)) for (const r of rules) out.add(r);
  return out;
}

/**
 * Regex metasyntax next to a code construct (`(eval|exec)\(`, `curl\s+.*\|\s*sh`, `chmod\s+777`):
 * the line is a detector's pattern catalogue or a redaction test, which names the construct
 * without running it. Such findings of code / reference rules weigh two levels less.
 */
const PATTERN_METASYNTAX = rx('purpose:pattern-metasyntax', String.raw`\\[sdwbSDW][+*?{]|\\[().|]|\(\?[:!=<]|\[\^[^\]\n]{0,20}\]`);

export const PATTERN_CATALOGUE_DELTA = -2;

export function isPatternCatalogueLine(snippet: string | null): boolean {
  return snippet !== null && PATTERN_METASYNTAX.test(snippet);
}
