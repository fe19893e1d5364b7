import { rx } from '../regex-registry';
import type { Severity } from '../engine.types';
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
    rx('purpose:agent-config', String.raw`\b(?:claude\.md|agents\.md|memory|memories|configur\w{0,6}|settings|plugins?|(?:slash[- ])?commands?|skills?|hooks?|sessions?|sync\w{0,3}|onboarding|instructions?\sfiles?|ged[aä]chtnis\w{0,2}|einstellungen|konfiguration\w{0,2}|sitzung\w{0,2}|memoria|configuraci[oó]n\w{0,2}|ajustes|sesi[oó]n\w{0,2})\b`, 'i'),
  ],
  [['agent-hook-install'], rx('purpose:agent-hook', String.raw`\b(?:hooks?|plugins?|guard\w{0,6}|audit\w{0,6}|polic(?:y|ies)|pretooluse|sessionstart|enforce\w{0,4})\b`, 'i')],
  [['privacy-chat-history-access'], rx('purpose:chat-history', String.raw`\b(?:sessions?|transcripts?|conversations?|chat\s(?:history|logs?)|histor(?:y|ies)|usage|recap|retrospective|sitzung\w{0,2}|verl[aä]uf\w{0,2}|gespr[aä]ch\w{0,3}|unterhaltung\w{0,2}|sesi[oó]n\w{0,2}|historial\w{0,2}|conversaci[oó]n\w{0,2})\b`, 'i')],
  [
    ['privacy-messages-access'],
    rx('purpose:messages', String.raw`\b(?:messag\w{0,6}|imessage|sms|telegram|discord|slack|whatsapp|signal|e-?mails?|inbox|mail|chat|topics?|queues?|broker|kafka|notifications?|nachricht\w{0,2}|posteingang|postfach|correos?|mensaje\w{0,2}|bandeja\s(?:de\s)?entrada)\b`, 'i'),
  ],
  [['privacy-contacts-access'], rx('purpose:contacts', String.raw`\b(?:contacts?|address\sbook|crm|people|directory|kontakt\w{0,2}|adressbuch\w{0,2}|contactos?|agenda)\b`, 'i')],
  [['privacy-clipboard-read'], rx('purpose:clipboard', String.raw`\b(?:clipboard|copy|paste|zwischenablage|kopieren|einf[uü]gen|portapapeles|copiar|pegar)\b`, 'i')],
  [['privacy-screen-capture'], rx('purpose:screen', String.raw`\b(?:screens?|screenshots?|screen\scaptures?|recording|desktop|ui\sautomation|rpa|browser|bildschirm\w{0,6}|bildschirmfotos?|pantallas?|capturas?|grabaci[oó]n\w{0,2})\b`, 'i')],
  [['privacy-camera-microphone'], rx('purpose:media', String.raw`\b(?:camera|microphone|audio|voice|video|speech|dictation|transcrib\w{0,4}|kamera|mikrofon|sprach\w{0,8}|diktat\w{0,2}|transkri\w{0,6}|c[aá]mara|micr[oó]fono|voz|dictado|transcri\w{0,6})\b`, 'i')],
  [['privacy-location-tracking'], rx('purpose:location', String.raw`\b(?:locations?|geo\w{0,8}|maps?|gps|weather|nearby|travel|navigation|standort\w{0,2}|wetter|karten?|ubicaci[oó]n\w{0,2}|ubicaci[oó]n|clima|mapas?|navegaci[oó]n)\b`, 'i')],
  [
    ['persist-launchd', 'persist-systemd-initd', 'persist-cron', 'persist-windows-autostart'],
    rx('purpose:service', String.raw`\b(?:daemons?|services?|launchd|launch\sagents?|systemd|cron\w{0,3}|schedul\w{0,4}|background|monitor\w{0,4}|startup|autostart|login\sitems?|agent\sinstall\w{0,3}|dienst\w{0,2}|hintergrund|zeitplan\w{0,2}|geplant\w{0,2}|servicios?|segundo\splano|programad\w{0,2})\b`, 'i'),
  ],
  // An observability or product-analytics integration talks to its vendor's SDK and hosts.
  [
    ['tracking-analytics-sdk'],
    rx('purpose:observability', String.raw`\b(?:observability|monitoring|telemetry|apm|tracing|error\stracking|product\sanalytics|analytics|datadog|sentry|segment|mixpanel|amplitude|posthog|bugsnag|logrocket|matomo|plausible|(?:ue?)?berwachung|telemetrie|monitoreo|telemetr[ií]a|observabilidad)\b`, 'i'),
  ],
  // A git-hook skill installs git hooks (the hook's commands are still checked on their own).
  [['persist-git-hooks'], rx('purpose:git-hooks', String.raw`\b(?:git\shooks?|pre-commit|pre-push|commit-msg|post-merge|post-checkout|husky|lefthook)\b`, 'i')],
  // Forensics and incident response examine credential stores (LSASS, SAM, keychains) of an image or host.
  [
    ['cred-system-secret-stores'],
    rx('purpose:forensics', String.raw`\b(?:forensics?|dfir|incident\sresponse|malware\sanalysis|memory\sanalysis|threat\shunting|volatility)\b`, 'i'),
  ],
  // A deploy-key or SSH-key manager puts keys into authorized_keys by design.
  [['persist-ssh-authorized-keys'], rx('purpose:ssh-keys', String.raw`\b(?:deploy\s?keys?|ssh\s(?:keys?|access\skeys?)|authorized_keys|ssh-schl[uü]ssel\w{0,2}|claves?\sssh)\b`, 'i')],
  [
    ['finance-move-funds'],
    rx('purpose:payments', String.raw`\b(?:payments?|billing|checkout|invoic\w{0,4}|payouts?|refunds?|subscriptions?|e-?commerce|marketplaces?|defi|decentralized\sfinance|smart\scontracts?|stripe|paypal|connect\splatforms?|zahlung\w{0,2}|rechnung\w{0,2}|abrechnung\w{0,2}|abonnement\w{0,2}|pagos?|facturas?|facturaci[oó]n|cobros?|suscripci[oó]n\w{0,2})\b`, 'i'),
  ],
];

/** Levels a declared capability's finding is lowered by. */
export const DECLARED_PURPOSE_DELTA = -2;

/**
 * The frontmatter text that declares what a skill is for: name, description and `when_to_use`
 * (Claude Code's field for the trigger conditions, often where "automate e-mail / queue items" is said).
 */
export function declaredPurposeText(frontmatter: Frontmatter | null): string {
  if (!frontmatter) return '';
  const whenToUse = frontmatter.data?.['when_to_use'];
  return `${frontmatter.name ?? ''}\n${frontmatter.description ?? ''}\n${typeof whenToUse === 'string' ? whenToUse : ''}`.slice(0, 6144);
}

/** declaredPurposeRules per parsed frontmatter: asked by data-flow and again by evaluate for the same skill. */
const DECLARED_PURPOSE = new WeakMap<Frontmatter, ReadonlySet<string>>();

/** Rule ids whose capability the skill declares as its purpose (frontmatter name, description, when_to_use). */
export function declaredPurposeRules(frontmatter: Frontmatter | null): ReadonlySet<string> {
  if (!frontmatter) return new Set<string>();
  let out = DECLARED_PURPOSE.get(frontmatter);
  if (out === undefined) {
    const found = new Set<string>();
    const text = declaredPurposeText(frontmatter);
    if (text.trim() !== '') for (const [rules, re] of PURPOSES) if (re.test(text)) for (const r of rules) found.add(r);
    out = found;
    DECLARED_PURPOSE.set(frontmatter, out);
  }
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

/**
 * The skill's own service. A Flux skill installs Flux from fluxcd.io, a Datadog skill enables the
 * `datadog-agent` unit, a Kokoro TTS skill removes `com.x.kokoro-tts-server.plist`: the host or
 * unit is named after what the frontmatter says the skill is about. Such a vendor installer is
 * weighed like a well-known installer (medium, not critical) and such a service's persistence
 * finding two levels less. Combinations still see the full severity, and shared or personal hosts
 * (GitHub, paste and free hosting, tunnels) never count as anyone's own domain.
 */
const BRAND_WORD = rx('purpose:brand-word', String.raw`[a-z][a-z0-9]{3,30}`, 'g');
/** Words a description uses for any skill; they name no vendor or product. */
const GENERIC_WORDS = new Set(
  (
    'about also agent agents apps application applications assistant automated automatic automation available based build builds building ' +
    'claude client code command commands config configuration configure create data default deploy deployment deployments desktop ' +
    'development each engine file files from generate guide help helper helpers install installer installs into just latest linux local ' +
    'macos manage management manager monitor more need only open over plugin plugins project projects ' +
    'release remote repo repository review runner runtime script scripts server servers service services session setup skill skills ' +
    'start status support sync system systems task tasks test tests that their them then this tool tools update updater user users ' +
    'using when where which while with without work workflow workflows your windows official'
  ).split(' '),
);
/** Hosts that serve anyone's files: never a vendor's own installer domain (registrable domain, or its first label for gists / paste sites). */
const SHARED_DOMAINS = new Set(
  (
    'github.com githubusercontent.com github.io gitlab.com gitlab.io bitbucket.org pastebin.com hastebin.com transfer.sh ' +
    'vercel.app netlify.app pages.dev workers.dev glitch.me herokuapp.com web.app firebaseapp.com surge.sh replit.app repl.co ' +
    'onrender.com ngrok-free.app ngrok.io ngrok.app trycloudflare.com amazonaws.com cloudfront.net googleusercontent.com ' +
    'dropbox.com dropboxusercontent.com discordapp.com azurewebsites.net windows.net'
  ).split(' '),
);
const SHARED_FIRST_LABELS = new Set(['gist', 'paste', 'raw']);

function isSharedHost(labels: readonly string[]): boolean {
  return SHARED_DOMAINS.has(labels.slice(-2).join('.')) || SHARED_FIRST_LABELS.has(labels[0]);
}
const URL_HOST = rx('purpose:url-host', String.raw`https?://([a-z0-9.-]{1,253})`, 'gi');
/** Launch agent labels, plist names and systemd units named on a persistence line. */
const SERVICE_NAME = rx(
  'purpose:service-name',
  String.raw`\b[a-z0-9-]{1,40}(?:\.[a-z0-9-]{1,40}){1,4}\.plist\b|\bsystemctl\s{1,3}(?:--user\s{1,3})?(?:enable|link|start|restart|stop|disable)\s{1,3}(?:--now\s{1,3})?([\w@.-]{1,80})|/systemd/(?:system|user)/([\w@.-]{1,80})\.(?:service|timer)|\bfind-(?:generic|internet)-password\b[^\n]{0,120}?\s-s\s{1,3}["']?([\w@.-]{1,80})`,
  'gi',
);

export interface SkillIdentity {
  /** Distinctive words of the frontmatter name and description (vendor / product names). */
  brands: ReadonlySet<string>;
}

export function skillIdentity(frontmatter: Frontmatter | null): SkillIdentity {
  const brands = new Set<string>();
  if (frontmatter) {
    const text = `${frontmatter.name ?? ''} ${frontmatter.description ?? ''}`.slice(0, 4096).toLowerCase();
    for (const w of text.match(BRAND_WORD) ?? []) if (!GENERIC_WORDS.has(w)) brands.add(w);
  }
  return { brands };
}

/** `label` (a host label or service name part) is one of the skill's brand words or starts with one (`fluxcd` ← flux). */
function isOwnName(label: string, id: SkillIdentity): boolean {
  const l = label.toLowerCase();
  if (l.length < 4 || GENERIC_WORDS.has(l)) return false;
  for (const b of id.brands) if (l === b || (l.startsWith(b) && VENDOR_SUFFIX.test(l.slice(b.length)))) return true;
  return false;
}
/** What vendors append to a product name in their domain (`fluxcd`, `datadoghq`, `denoland`); no hyphenated look-alikes. */
const VENDOR_SUFFIX = rx('purpose:vendor-suffix', String.raw`^(?:cd|hq|io|app|dev|cli|sh|labs?|inc|ai|js|lang|land|hub|repo|db|cloud|data)$`);

/** Every URL host on the line is the skill's own domain (its registrable label names the skill's vendor or product). */
export function isOwnInstallerLine(snippet: string | null, id: SkillIdentity): boolean {
  if (snippet === null || id.brands.size === 0) return false;
  const hosts = [...snippet.matchAll(URL_HOST)].map((m) => m[1].replace(/\.$/, ''));
  if (hosts.length === 0) return false;
  return hosts.every((h) => {
    const labels = h.toLowerCase().split('.');
    if (labels.length < 2 || isSharedHost(labels)) return false;
    return isOwnName(labels[labels.length - 2], id);
  });
}

/** The service a persistence line installs or manages, or the keychain item it reads, is named after the skill (plist label, systemd unit, `-s himalaya`). */
export function isOwnServiceLine(snippet: string | null, id: SkillIdentity): boolean {
  if (snippet === null || id.brands.size === 0) return false;
  const names = [...snippet.matchAll(SERVICE_NAME)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[0].replace(/\.plist$/i, ''));
  if (names.length === 0) return false;
  return names.every((n) => n.split(/[.@_-]/).some((part) => isOwnName(part, id)));
}

/**
 * Rules whose finding names an installer or package host, with the severity a documented install
 * from the skill's own vendor weighs at most (a vendor installer like a well-known one; the
 * vendor's own package index, e.g. `--extra-index-url https://pypi.nvidia.com` in an NVIDIA GPU skill, low).
 */
export const OWN_INSTALLER_RULES: ReadonlyMap<string, Severity> = new Map<string, Severity>([
  ['rce-pipe-to-shell', 'medium'],
  ['supply-custom-package-index', 'low'],
  ['supply-url-install', 'low'],
]);
/** The rules whose finding names a service: persistence units, and the keychain item a skill keeps its own login in. */
export const OWN_SERVICE_RULES: ReadonlySet<string> = new Set(['persist-launchd', 'persist-systemd-initd', 'cred-browser-and-wallet-data']);
export const OWN_SERVICE_DELTA = -2;
