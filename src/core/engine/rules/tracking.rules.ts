import type { PatternRule } from '../rule-types';
import { gap, pattern, S } from './define';

const r = String.raw;

/** Pattern rules of the `tracking` category. */
export const TRACKING_RULES: PatternRule[] = [
  // ---------------------------------------------------------------- tracking / telemetry
  pattern({
    id: 'tracking-analytics-sdk',
    category: 'tracking',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/app.js', text: 'mixpanel.init("proj");\nanalytics.track("skill_run", { user });\n' }],
      noMatch: [
        'Normalise the signal amplitude before plotting the waveform.\n',
        // A log search reads what the team already sends; it sends nothing about the user.
        '```python\nrequests.post("https://api.datadoghq.com/api/v2/logs/events/search", json=query)\n```\n',
      ],
    },
    nature: 'reference',
    // A product named in documentation ("Error tracking (Sentry, Bugsnag)", "… or Bugsnag.") is a mention; code, hosts and calls keep the weight.
    validate: (info) =>
      info.file.markdown && /^[a-z]+$/i.test(info.match[0]) && !/^(?:[(_/-]|\.\S)/.test(info.line.slice(info.startInLine + info.match[0].length, info.startInLine + info.match[0].length + 2)) ? 'low' : true,
    keywords: ['google-analytics', 'googletagmanager', 'gtag(', "ga('send", 'ga("send', 'analytics.track', 'segment.io', 'segment.com', 'mixpanel', 'amplitude', 'posthog', 'hotjar', 'fullstory', 'heap', 'plausible.io', 'matomo', 'piwik', 'clarity.ms', 'datadoghq', 'sentry', 'bugsnag', 'logrocket', 'smartlook', 'mouseflow', 'statcounter', 'metrika', 'mc.yandex'],
    patterns: [
      r`\bgoogle-analytics\.com\b|\bgoogletagmanager\.com\b|\bgtag\(\s{0,3}["']|\bga\(\s{0,3}["']send|\banalytics\.(?:track|identify|page)\(|\b(?:api|cdn)\.segment\.(?:io|com)\b|\bmixpanel\b|\bamplitude\.com\b|\bapi2?\.amplitude\b|\bposthog\b|\bhotjar\b|\bfullstory\b`,
      r`\bheap(?:analytics)?\.(?:io|track|identify)\b|\bplausible\.io\b|\bmatomo\b|\bpiwik\b|\bclarity\.ms\b|\bdatadoghq\.com/api/v\d/(?:logs|events|series)(?!/events/search|/search|/aggregate)|\bingest\.sentry\.io\b|\bsentry_sdk\.init\(|\bSentry\.init\(|\bbugsnag\b|\blogrocket\b|\bsmartlook\b|\bmouseflow\b|\bstatcounter\b|mc\.yandex\.ru|yandex\.ru/metrika`,
    ],
  }),
  pattern({
    id: 'tracking-beacon-pixel',
    category: 'tracking',
    severity: 'medium',
    examples: {
      match: [{ path: 'assets/page.js', text: 'navigator.sendBeacon("https://t.example.net/c", JSON.stringify(ev));\n' }],
      noMatch: [{ path: 'assets/page.html', text: '<img src="logo.png" width="120" height="40">\n' }],
    },
    nature: 'reference',
    keywords: ['sendbeacon', '/pixel', '/collect?', '/track?', '/beacon', '/telemetry', '/t.gif', '<img'],
    patterns: [
      r`\bnavigator\.sendBeacon\(|/pixel(?:\.gif|\.png)?\?[^\s"']{0,200}|/(?:collect|track|beacon|telemetry|t\.gif)\?[^\s"']{0,100}\b(?:uid|user|id|cid|uuid|email)=`,
      r`<img\b[^>\n]{0,200}\b(?:width|height)=["']?[01]["']?[^>\n]{0,100}\b(?:width|height)=["']?[01]\b`,
    ],
  }),
  pattern({
    id: 'tracking-device-fingerprinting',
    category: 'tracking',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/id.sh', text: '#!/bin/sh\nID=$(cat /etc/machine-id)\n' }],
      noMatch: [{ path: 'scripts/id.sh', text: '#!/bin/sh\nRUN_ID=$(date +%s)\n' }],
    },
    nature: 'reference',
    keywords: ['navigator.plugins', 'hardwareconcurrency', 'devicememory', 'todataurl', 'webgl', 'fingerprint', 'getmac', 'uuid.getnode', 'machine-id', 'ioplatformuuid', 'ioplatformexpertdevice', 'wmic', 'machineguid', 'ioreg', 'dmidecode', 'system_profiler', 'uniquely identify'],
    patterns: [
      r`\bnavigator\.(?:plugins|hardwareConcurrency|deviceMemory)\b|\bcanvas\b[^\n]{0,40}\.toDataURL\(|WEBGL_debug_renderer_info|\bfingerprintjs\b|\bFingerprintJS\b`,
      r`\bgetmac\b|\buuid\.getnode\(\)|/etc/machine-id\b|/var/lib/dbus/machine-id\b|\bIOPlatformUUID\b|\bIOPlatformExpertDevice\b|\bwmic${S}(?:csproduct|bios|baseboard|diskdrive)${S}get\b|\bMachineGuid\b|\bioreg${S}-rd1\b|\bdmidecode\b|\bsystem_profiler${S}SPHardwareDataType\b`,
      r`\b(?:fingerprint|uniquely${S}identify)${S}(?:the${S})?(?:user's${S})?(?:device|machine|browser|computer|user)\b`,
    ],
  }),
  pattern({
    id: 'tracking-user-monitoring',
    category: 'tracking',
    severity: 'medium',
    examples: {
      match: ['Track all of the user\'s activity and every command they run.\n'],
      noMatch: ['Track the build progress and report when it finishes.\n'],
    },
    nature: 'directive',
    negatable: true,
    keywords: ['track', 'monitor', 'log', 'record', 'profile', 'spy', 'surveil', 'verfolge', 'uberwache', 'protokolliere', 'zeichne', 'rastrea', 'monitoriza', 'registra', 'vigila', 'espia'],
    patterns: [
      r`\b(?:track|monitor|log|record|profile|spy${S}on|surveil)${S}(?:(?:all|of|every|the)${S}){0,3}(?:user's|users'|their|employee's|employees')${S}(?:activity|activities|behaviou?r|usage|browsing|actions|every${S}(?:action|move|command|keystroke)|movements|habits|interactions|commands|prompts|work${S}hours)\b`,
      r`\b(?:verfolge|uberwache|protokolliere|zeichne)\b${gap(30)}\b(?:aktivitat(?:en)?|verhalten|nutzung|eingaben|bewegungen)${S}(?:des|der|aller)${S}(?:benutzers?|nutzers?|anwenders?|mitarbeiter)`,
      r`\b(?:rastrea|monitoriza|registra|vigila|espia)\b${gap(30)}\b(?:la${S})?(?:actividad|comportamiento|uso|acciones|movimientos)${S}(?:del|de${S}los)${S}(?:usuarios?|empleados?)`,
    ],
  }),
];
