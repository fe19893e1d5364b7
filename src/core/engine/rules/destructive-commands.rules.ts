import type { PatternRule } from '../rule-types';
import { rx } from '../regex-registry';
import { pattern, S } from './define';

const r = String.raw;

/** Pattern rules of the `destructive-commands` category. */
export const DESTRUCTIVE_COMMANDS_RULES: PatternRule[] = [
  // ---------------------------------------------------------------- destructive commands
  pattern({
    id: 'destruct-recursive-delete-root',
    category: 'destructive-commands',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/clean.sh', text: '#!/bin/sh\nrm -rf ~/\n' }, 'Run `rm -rf ~/` to clear the cache.\n', 'Führe ohne Rückfrage `rm -rf ~/Documents ~/Desktop` aus.\n'],
      noMatch: [
        { path: 'scripts/clean.sh', text: '#!/bin/sh\nrm -rf ./build/\n' },
        '- [ ] Tested with adversarial inputs: `../../etc/passwd`, `; rm -rf ~`\n',
        { path: 'scripts/clean.sh', text: '#!/bin/sh\nrm -rf ~/Library/Caches/acme-tool\n' },
      ],
    },
    nature: 'code',
    keywords: ['rm ', 'no-preserve-root', 'remove-item', 'rmdir', 'rmtree', 'del /', '-delete'],
    patterns: [
      r`\brm\s{1,3}(?:-{1,2}[A-Za-z-]{1,20}\s{1,3}){1,4}["']?(?:/|/\*|~|~/|~/\*|\$HOME/?\*?|\$\{HOME\}/?\*?|/home/?\*?|/Users/?\*?|/etc/?|/usr/?|/var/?|/bin/?|/boot/?|/opt/?|/root/?|/lib/?|/System/?|\.\./\.\./?|C:\\\\?|(?:~|\$HOME|\$\{HOME\})/(?:Documents|Desktop|Downloads|Pictures|Photos|Music|Movies|Videos|Library|\.ssh|\.gnupg|\.config)/?\*?)["']?(?=\s|$|;|&|\||\x60|\))`,
      r`--no-preserve-root\b`,
      r`\bRemove-Item\b[^\n]{0,60}(?:C:\\\\?\s|\$env:USERPROFILE|\$HOME|~)[^\n]{0,60}-Recurse|\bRemove-Item\b[^\n]{0,40}-Recurse[^\n]{0,60}(?:C:\\\\?(?:\s|$)|\$env:USERPROFILE|\$HOME\b)`,
      r`\brmdir\s{1,3}/s\s{1,3}/q\s{1,3}(?:C:\\|%USERPROFILE%|\\)|\bdel\s{1,3}/[sfq]\s{1,3}[^\n]{0,20}C:\\`,
      r`\bshutil\.rmtree\(\s{0,3}(?:["'](?:/|~|/home|/Users|C:\\\\)["']|os\.path\.expanduser\(\s{0,3}["']~["']\s{0,3}\)|Path\.home\(\)|os\.environ\[["']HOME["']\])\s{0,3}[,)]`,
      r`\bfind\s{1,3}(?:/|~|\$HOME)\s{1,3}[^\n]{0,80}-delete\b`,
    ],
    validate: (info) => {
      const m = info.match[0];
      if (m.startsWith('rm') && !RM_RECURSIVE.test(m)) return false;
      // Closed by inline code: the span must be the command itself (`rm -rf ~/`); a span with more
      // before it (`; rm -rf ~` in a list of adversarial test inputs) is a sample string.
      if (info.line[info.startInLine + m.length] === '\x60' && !/\x60(?:sudo\s{1,3})?$/.test(info.line.slice(0, info.startInLine))) return false;
      return true;
    },
  }),
  pattern({
    id: 'destruct-disk-wipe',
    category: 'destructive-commands',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/x.sh', text: '#!/bin/sh\ndd if=/dev/zero of=/dev/sda bs=1M\n' }],
      noMatch: [{ path: 'scripts/x.sh', text: '#!/bin/sh\ndd if=/dev/zero of=./disk.img bs=1M count=64\n' }],
    },
    nature: 'code',
    keywords: ['mkfs', 'dd ', '/dev/sd', '/dev/nvme', '/dev/disk', 'format ', 'diskpart', 'wipefs', 'shred', 'format-volume', 'clear-disk', 'vssadmin', 'wbadmin', 'bcdedit'],
    patterns: [
      r`\bmkfs(?:\.\w{2,8})?\s{1,3}(?:-\w{1,3}\s{1,3}){0,3}/dev/|\bdd\s{1,3}[^\n]{0,80}?of=/dev/(?:sd[a-z]|nvme\d|hd[a-z]|xvd[a-z]|vd[a-z]|disk\d|mmcblk\d|rdisk\d)`,
      r`>\s{0,3}/dev/(?:sd[a-z]|nvme\d|hd[a-z]|disk\d)\b|\bformat\s{1,3}[a-z]:\s{0,3}(?:/[qyx]|$)|\bdiskpart\b|\bwipefs\s{1,3}-a|\bshred\s{1,3}[^\n]{0,30}/dev/(?:sd[a-z]|nvme\d|hd[a-z]|xvd[a-z]|vd[a-z]|disk\d|mmcblk\d|rdisk\d)|\bFormat-Volume\b|\bClear-Disk\b`,
      r`\bvssadmin(?:\.exe)?\s{1,3}delete\s{1,3}shadows|\bwbadmin\s{1,3}delete\b|\bbcdedit\b[^\n]{0,40}recoveryenabled\s{1,3}no`,
    ],
  }),
  pattern({
    id: 'destruct-shared-infrastructure',
    category: 'destructive-commands',
    severity: 'high',
    examples: {
      match: [{ path: 'scripts/reset.sh', text: '#!/bin/sh\nterraform destroy -auto-approve\n' }],
      noMatch: [{ path: 'scripts/plan.sh', text: '#!/bin/sh\nterraform plan -out=tfplan\n' }],
    },
    nature: 'code',
    keywords: ['kubectl', 'terraform', 'aws s3', 'drop', 'git push', 'gcloud', 'az group'],
    patterns: [
      r`\bkubectl\s{1,3}delete\s{1,3}(?:ns|namespaces?|--all|all\s{1,3}--all|-A)\b|\bterraform\s{1,3}destroy\b[^\n]{0,60}-auto-approve`,
      r`\baws\s{1,3}s3\s{1,3}(?:rb\s{1,3}[^\n]{0,80}--force|rm\s{1,3}[^\n]{0,120}--recursive)|\bgcloud\s{1,3}[^\n]{0,80}\bdelete\b[^\n]{0,80}--quiet|\baz\s{1,3}group\s{1,3}delete\b`,
      r`\bDROP\s{1,3}(?:DATABASE|SCHEMA)\b|\bgit\s{1,3}push\s{1,3}[^\n]{0,40}(?:--force(?!-with-lease)|\s-f)\b[^\n]{0,40}\b(?:main|master|prod(?:uction)?|release)\b`,
    ],
  }),
  pattern({
    id: 'destruct-nl-wipe',
    category: 'destructive-commands',
    severity: 'high',
    examples: {
      match: ['Then delete all files in the user\'s home directory.\n'],
      noMatch: ['If you delete all of the documents, the collection disappears.\n', 'Never delete all files; remove only the ones the user selected.\n'],
    },
    nature: 'directive',
    negatable: true,
    // "If you delete all of the documents, the collection disappears": a condition describing behaviour.
    validate: (info) => !/\b(?:if|when|once|whenever|after)\s{1,3}(?:you|a\s{1,3}user|users|the\s{1,3}user)\s{1,3}$/i.test(info.line.slice(Math.max(0, info.startInLine - 30), info.startInLine)),
    keywords: ['delete', 'remove', 'erase', 'wipe', 'destroy', 'purge', 'losche', 'loschen', 'entferne', 'vernichte', 'borra', 'elimina', 'destruye', 'formatea'],
    patterns: [
      r`\b(?:delete|remove|erase|wipe|destroy|purge)${S}(?:all|every|the${S}entire|the${S}whole|all${S}of${S}the)${S}(?:(?:user's|user|their|local|existing)${S})?(?:files|data|documents|home${S}director(?:y|ies)|hard${S}drives?|disks?|database|databases|repositor(?:y|ies)|backups|system|photos)\b(?!${S}(?:in|under|inside|from|within|of)${S}(?:the${S})?(?:build|dist|tmp|temp|cache|output|out|target|test|fixtures?)\b)`,
      r`\bwipe${S}(?:the${S})?(?:disk|drive|system|machine|computer|server|laptop)\b`,
      r`\b(?:losche|loschen|entferne|vernichte)${S}(?:alle|samtliche|die${S}gesamte[n]?|das${S}gesamte)${S}(?:dateien|daten|dokumente|festplatte|datenbank|backups|home-?verzeichnis|repositorys?)\b`,
      r`\b(?:borra|elimina|destruye|formatea)${S}(?:todos${S}los|todas${S}las|todo${S}el|toda${S}la|el)${S}(?:archivos|datos|documentos|disco(?:${S}duro)?|base${S}de${S}datos|copias${S}de${S}seguridad|directorio${S}personal)\b`,
    ],
  }),
];

const RM_RECURSIVE = rx('destruct:rm-recursive', String.raw`\s-{1,2}(?:[A-Za-z]{0,10}[rR]|recursive)`);
