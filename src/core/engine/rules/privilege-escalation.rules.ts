import type { PatternMatchInfo, PatternRule } from '../rule-types';
import { rx } from '../regex-registry';
import { gap, pattern, S } from './define';
import { PASSED_ON } from './shared/match-window';

const r = String.raw;

const PRELOAD_WRITE = rx('privesc:preload-write', String.raw`(?:>>?|tee|echo[^
]{0,80}>)\s{0,3}["']?/etc/ld\.so\.preload`, 'i');

/** The match stands inside a printed string that is not piped or written on. */
function isPrintedHint(info: PatternMatchInfo): boolean {
  if (!PRINTED_TEXT.test(info.line.slice(Math.max(0, info.startInLine - 80), info.startInLine))) return false;
  const rest = info.line.slice(info.startInLine + info.match[0].length, info.startInLine + info.match[0].length + 200);
  const close = rest.search(/["']/);
  return close >= 0 && !PASSED_ON.test(rest.slice(close + 1));
}
const PRINTED_TEXT = rx('privesc:printed-text', String.raw`\b(?:echo|printf|print|console\.(?:log|error|warn)|Write-(?:Host|Output|Err\w{0,4}))\s{0,3}\(?\s{0,3}(?:-[a-z]{1,3}\s{1,3})?f?["'][^"'\n]{0,80}$`, 'i');

/** Pattern rules of the `privilege-escalation` category. */
export const PRIVILEGE_ESCALATION_RULES: PatternRule[] = [
  // ---------------------------------------------------------------- privilege escalation
  pattern({
    id: 'privesc-sudo',
    category: 'privilege-escalation',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/install.sh', text: '#!/bin/sh\nsudo cp helper /usr/local/bin/\n' }],
      noMatch: [{ path: 'scripts/install.sh', text: '#!/bin/sh\necho "Linux: sudo apt-get install pandoc"\n' }],
    },
    nature: 'code',
    ctx: { fenced: -1, prose: -1, 'inline-code': -1, quoted: -2 },
    keywords: ['sudo'],
    patterns: [r`(?:^|[;&|(]\s{0,3}|\$\(\s{0,3}|\s)sudo\s{1,3}(?:-[A-Za-z]{1,3}\s{1,3}){0,3}[a-z/]`, r`\becho\s{1,3}["']?[^\n|]{1,60}\|\s{0,3}sudo\s{1,3}-S\b`],
    // `echo "  Linux: sudo apt-get install pandoc"`: an install hint printed for the user (unless piped on).
    validate: (info) => (SUDO_PASSWORD.test(info.line) ? 'high' : isPrintedHint(info) ? false : true),
  }),
  pattern({
    id: 'privesc-permissions',
    category: 'privilege-escalation',
    severity: 'high',
    examples: {
      match: [{ path: 'scripts/install.sh', text: '#!/bin/sh\nchmod 777 /opt/helper\n' }],
      noMatch: [{ path: 'scripts/install.sh', text: '#!/bin/sh\nchmod 755 scripts/run.sh\n' }],
    },
    nature: 'code',
    keywords: ['chmod', 'setcap', 'chown', 'setuid'],
    patterns: [
      r`\bchmod\s{1,3}(?:-R\s{1,3})?(?:0?777|0?666|[ugoa]{0,3}\+[rwx]{0,3}s|[2467][0-7]{3})\b|\bchmod\s{1,3}(?:-R\s{1,3})?(?:a|o)\+w\b`,
      r`\bsetcap\b|\bchown\s{1,3}(?:-R\s{1,3})?root\b|\bos\.chmod\([^\n)]{0,80},\s{0,3}0o?[0-7]?777\s{0,3}\)|\bos\.setuid\(\s{0,3}0\s{0,3}\)`,
    ],
  }),
  pattern({
    id: 'privesc-sudoers-admin-group',
    category: 'privilege-escalation',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/install.sh', text: '#!/bin/sh\necho "helper ALL=(ALL) NOPASSWD: ALL" >> /etc/sudoers\n' }],
      noMatch: [{ path: 'scripts/install.sh', text: '#!/bin/sh\nid -Gn "$USER"\n' }],
    },
    nature: 'code',
    keywords: ['/etc/sudoers', 'nopasswd', 'usermod', 'visudo', 'adduser', 'localgroup', 'add-localgroupmember'],
    patterns: [
      r`/etc/sudoers\b|\bNOPASSWD\s{0,3}:|\busermod\s{1,3}-a?G\s{1,3}(?:sudo|wheel|admin|root)\b|\bvisudo\b|\badduser\s{1,3}\w{1,32}\s{1,3}(?:sudo|wheel)\b`,
      r`\bnet\s{1,3}localgroup\s{1,3}administrators\s{1,3}\S{1,40}\s{1,3}/add\b|\bAdd-LocalGroupMember\b[^\n]{0,60}Administrators`,
    ],
  }),
  pattern({
    id: 'privesc-system-file-write',
    category: 'privilege-escalation',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/install.sh', text: '#!/bin/sh\necho "10.0.0.5 api.example.com" >> /etc/hosts\n' }],
      noMatch: [{ path: 'scripts/check.sh', text: '#!/bin/sh\ngrep example /etc/hosts\n' }],
    },
    nature: 'code',
    keywords: ['/etc/', 'ld_preload', 'dyld_insert_libraries'],
    patterns: [
      r`(?:>>?|\btee(?:\s{1,3}-a)?|\bcp|\bmv|\binstall|\bln\s{1,3}-sf?)\s{1,3}[^\n|;]{0,80}?/etc/(?:hosts|passwd|group|ld\.so\.preload|pam\.d/|security/|ssh/sshd_config|resolv\.conf)\b`,
      r`\bLD_PRELOAD=|\bDYLD_INSERT_LIBRARIES=|/etc/ld\.so\.preload\b`,
    ],
    // Naming or reading /etc/ld.so.preload (cat, stat, "check …") is inspection; writing it is the risk.
    // The `>` closing a placeholder (`ssh <USER>@<HOST> "cat /etc/hosts"`) is no redirect.
    validate: (info) =>
      info.match[0].startsWith('>') && /<[\w.-]{1,40}$/.test(info.line.slice(Math.max(0, info.startInLine - 41), info.startInLine))
        ? false
        : info.match[0].startsWith('/etc/') && !PRELOAD_WRITE.test(info.line.slice(Math.max(0, info.startInLine - 200), info.startInLine + 40))
          ? 'low'
          : true,
  }),
  pattern({
    // A container given the host: the Docker socket (whoever talks to it starts a root container with
    // the host's disk), the host's root filesystem mounted in, or the host's process namespace entered.
    // Any of these turns "run it in a container" into root on the machine.
    id: 'privesc-container-host-escape',
    category: 'privilege-escalation',
    severity: 'high',
    examples: {
      match: [
        '```bash\ndocker run -v /var/run/docker.sock:/var/run/docker.sock -it tools\n```\n',
        'You may note a container command that mounts `/:/host` so host context is inspectable.\n',
        { path: 'config/permissions.json', text: '{"grants": ["docker:/var/run/docker.sock"]}\n' },
        '```bash\ndocker run --privileged --pid=host -it alpine nsenter -t 1 -m -u -n -i sh\n```\n',
      ],
      noMatch: ['```bash\ndocker run -v "$PWD":/work -w /work tools make\n```\n', 'Mount the project folder with `-v ./data:/data`.\n'],
    },
    nature: 'code',
    keywords: ['docker.sock', '/:/', 'nsenter', '--pid'],
    patterns: [
      r`/var/run/docker\.sock\b|(?:^|[\s"'\x60=])/run/docker\.sock\b`,
      // `-v /:/host`, `/:/mnt/host`: the host's root filesystem inside the container.
      r`(?:^|[\s"'\x60=])/:/[\w.-]{1,30}`,
      r`\bnsenter${S}(?:-\w{1,3}${S}){0,6}(?:-t|--target)${S}1\b|--privileged\b[^\n]{0,120}--pid[=\s]host\b|--pid[=\s]host\b[^\n]{0,120}--privileged\b`,
    ],
  }),
  pattern({
    id: 'privesc-disable-security-controls',
    category: 'privilege-escalation',
    severity: 'high',
    examples: {
      match: [
        { path: 'scripts/install.sh', text: '#!/bin/sh\nsudo spctl --master-disable\n' },
        'Disable the firewall and the antivirus before running the script.\n',
        'Deaktiviere die Firewall und den Virenschutz, bevor du das Skript startest.\n',
        'Desactiva el antivirus antes de ejecutar el script.\n',
      ],
      noMatch: [{ path: 'scripts/check.sh', text: '#!/bin/sh\nspctl --status\n' }, 'Never disable the firewall to make the tool work.\n'],
    },
    nature: 'code',
    negatable: true,
    // Removing the quarantine flag is a common install step in documentation; in a script it is a Gatekeeper bypass.
    validate: (info) => (info.match[0].includes('quarantine') ? (info.context === 'script' || info.context === 'decoded' ? 'medium' : 'low') : true),
    keywords: ['setenforce', 'ufw', 'mppreference', 'spctl', 'csrutil', 'iptables', 'systemctl', 'netsh', 'quarantine', 'disablerealtimemonitoring'],
    patterns: [
      r`\bsetenforce\s{1,3}0\b|\bufw\s{1,3}disable\b|\bSet-MpPreference\b[^\n]{0,60}-Disable\w{0,40}\s{1,3}(?:\$true|1)|\bAdd-MpPreference\b[^\n]{0,40}-Exclusion|\bDisableRealtimeMonitoring\b`,
      r`\bspctl\s{1,3}--master-disable\b|\bcsrutil\s{1,3}disable\b|\biptables\s{1,3}-F\b|\bsystemctl\s{1,3}(?:stop|disable|mask)\s{1,3}(?:firewalld|apparmor|auditd|falcon-sensor|clamav\w{0,10})\b`,
      // In words (en / de / es): "disable the firewall and the antivirus", „deaktiviere den Virenschutz", "desactiva el antivirus".
      r`\b(?:disable|deactivate|turn${S}off|switch${S}off|uninstall|kill)${S}(?:the${S}|your${S}|all${S}|any${S})?(?:windows${S}|macos${S})?(?:firewall|antivirus|anti-virus|virus${S}(?:scanner|protection)|defender|real-?time${S}protection|gatekeeper|system${S}integrity${S}protection|edr|endpoint${S}protection|security${S}software)\b`,
      r`\b(?:deaktiviere|deaktivieren|schalte|deinstalliere)\b${gap(20)}\b(?:firewall|virenschutz|virenscanner|antivirus\w{0,9}|defender|gatekeeper|echtzeitschutz|sicherheitssoftware)\b`,
      r`\b(?:desactiva|desactive|desactivar|apaga|apague|desinstala|desinstale)${S}(?:el${S}|la${S}|los${S}|tu${S}|su${S})?(?:firewall|cortafuegos|antivirus|defender|gatekeeper|proteccion${S}en${S}tiempo${S}real|software${S}de${S}seguridad)\b`,
      r`\bnetsh\s{1,3}(?:adv)?firewall\s{1,3}set\s{1,3}[^\n]{0,40}state\s{1,3}off\b|\bxattr\s{1,3}-[dcr]{1,3}\s{1,3}(?:com\.apple\.quarantine\s{1,3})?[^\n]{0,60}quarantine|\bxattr\s{1,3}-[dcr]{1,3}\s{1,3}com\.apple\.quarantine`,
    ],
  }),
  /**
   * Cloud administrator rights granted by a skill: the AWS AdministratorAccess / IAMFullAccess
   * managed policy attached, the GCP owner role bound, the Azure Owner role assigned. A skill never
   * needs the keys to the whole account; "broad permissions for debugging, scope them later" is how
   * the grant is dressed up.
   */
  pattern({
    id: 'privesc-cloud-admin-grant',
    category: 'privilege-escalation',
    severity: 'high',
    nature: 'code',
    negatable: true,
    keywords: ['administratoraccess', 'iamfullaccess', 'roles/owner', 'role owner', 'role=owner', 'role "owner"'],
    patterns: [
      r`arn:aws:iam::aws:policy/(?:AdministratorAccess|IAMFullAccess)\b`,
      r`\b(?:attach|grant|assign|configure|configures|use|uses|add|give|vergib|vergibt|weise|hange|konfiguriere|otorga|asigna|adjunta|configura|usa)\b${gap(80)}\b(?:AdministratorAccess|IAMFullAccess)\b`,
      r`\badd-iam-policy-binding\b[^\n]{0,200}?--role[= ]["']?roles/owner\b|\baz\s{1,3}role\s{1,3}assignment\s{1,3}create\b[^\n]{0,200}?--role[= ]["']?Owner\b`,
    ],
    examples: {
      match: [
        { path: 'scripts/deploy.py', text: 'iam.attach_role_policy(PolicyArn="arn:aws:iam::aws:policy/AdministratorAccess", RoleName=role)\n' },
        'For initial deployment the script configures AdministratorAccess on the server role.\n',
        { path: 'scripts/setup.sh', text: '#!/bin/sh\ngcloud projects add-iam-policy-binding "$P" --member="serviceAccount:$SA" --role=roles/owner\n' },
        'Das Skript vergibt AdministratorAccess an die Rolle.\n',
        'El script asigna AdministratorAccess al rol del servidor.\n',
      ],
      noMatch: [
        'Check whether any role has the AdministratorAccess policy attached and report it.\n',
        { path: 'scripts/setup.sh', text: '#!/bin/sh\ngcloud projects add-iam-policy-binding "$P" --member="serviceAccount:$SA" --role=roles/run.invoker\n' },
        'Never attach AdministratorAccess to a service role.\n',
      ],
    },
  }),
];

const SUDO_PASSWORD = rx('privesc:sudo-password', String.raw`\|\s{0,3}sudo\s{1,3}-S\b`);
