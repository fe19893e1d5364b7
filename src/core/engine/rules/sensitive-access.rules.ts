import type { PatternRule } from '../rule-types';
import { gap, pattern, S } from './define';

const r = String.raw;

/** Pattern rules of the `sensitive-access` category. */
export const SENSITIVE_ACCESS_RULES: PatternRule[] = [
  // ---------------------------------------------------------------- access to personal sources
  pattern({
    id: 'privacy-contacts-access',
    category: 'sensitive-access',
    severity: 'high',
    examples: {
      match: [{ path: 'scripts/sync.swift', text: 'let store = CNContactStore()\nlet keys = [CNContactPhoneNumbersKey]\n' }],
      noMatch: ['Add the new colleague to the contact form on the team page.\n'],
    },
    nature: 'reference',
    keywords: ['cncontactstore', 'contacts.framework', 'abaddressbook', 'addressbook', 'contactscontract', 'content://', 'people.googleapis', 'connections', 'contacts.google', '.abcddb', 'contacts', 'address book', 'kontakte', 'adressbuch', 'kontaktliste', 'contactos', 'libreta de direcciones', 'agenda'],
    patterns: [
      r`\bCNContactStore\b|\bContacts\.framework\b|\bABAddressBook\w{0,20}|\bContactsContract\b|content://(?:com\.android\.)?contacts|people\.googleapis\.com|/people/me/connections|contacts\.google\.com|Application${S}Support/AddressBook|\.abcddb\b|osascript\b[^\n]{0,80}\bContacts\b`,
      r`\b(?:read|access|export|collect|upload|dump|copy|sync|scrape|harvest|extract)${S}(?:(?:all|of|the|user's|their|my|entire)${S}){0,3}(?:contacts|address${S}book|contact${S}list)\b`,
      r`\b(?:lies|lese|greife|exportiere|sammle|kopiere|lade)\b${gap(30)}\b(?:kontakte|adressbuch|kontaktliste)\b`,
      r`\b(?:lee|leer|accede|exporta|recopila|copia|sube)\b${gap(30)}\b(?:contactos|libreta${S}de${S}direcciones|agenda${S}de${S}contactos)\b`,
    ],
  }),
  pattern({
    id: 'privacy-messages-access',
    category: 'sensitive-access',
    severity: 'high',
    examples: {
      match: [{ path: 'scripts/export.py', text: 'db = sqlite3.connect(os.path.expanduser("~/Library/Messages/chat.db"))\n' }],
      noMatch: ['Write a friendly message for the release notes.\n'],
    },
    nature: 'reference',
    keywords: ['chat.db', 'msgstore', 'content://sms', 'tdata', 'signal', 'users.messages', 'imaplib', 'rfc822', 'whatsapp', 'emails', 'e-mails', 'inbox', 'messages', 'sms', 'dms', 'imessage', 'mailbox', 'nachrichten', 'postfach', 'e-mails', 'mensajes', 'correos', 'bandeja de entrada'],
    patterns: [
      r`Library/Messages/chat\.db|\bchat\.db\b|\bmsgstore\.db\b|content://sms|Telegram${S}Desktop/tdata|\btdata/|Signal/(?:sql|config\.json|db\.sqlite)|users\.messages\.(?:list|get)\b|\.fetch\([^\n]{0,60}RFC822|whatsapp\w{0,10}[^\n]{0,40}(?:msgstore|\.crypt1\d|backup)`,
      r`\b(?:read|access|export|collect|upload|dump|forward|scrape|download|harvest|copy)(?:s|es|ed|ing)?${S}(?:(?:all|of|the|user's|their|every|private|entire|recent)${S}){0,4}(?:e-?mails|inbox|messages|sms|text${S}messages|dms|direct${S}messages|imessages|whatsapp${S}(?:messages|chats)|slack${S}(?:messages|dms)|mailbox)\b`,
      r`\b(?:lies|lese|exportiere|sammle|leite|lade)\b${gap(30)}\b(?:alle${S})?(?:e-?mails|nachrichten|sms|postfach|chats)\b`,
      r`\b(?:lee|leer|exporta|recopila|reenvia|descarga|sube)\b${gap(30)}\b(?:todos${S}los${S})?(?:correos|mensajes|sms|chats|bandeja${S}de${S}entrada)\b`,
    ],
  }),
  pattern({
    id: 'privacy-chat-history-access',
    category: 'sensitive-access',
    severity: 'high',
    examples: {
      match: [{ path: 'scripts/collect.sh', text: '#!/bin/sh\ntar czf /tmp/h.tgz ~/.claude/projects\n' }],
      noMatch: ['Keep a short summary of the current task in NOTES.md.\n'],
    },
    nature: 'reference',
    keywords: ['.claude/projects', '.claude/history', '.claude/todos', 'history.jsonl', '.cursor/', 'state.vscdb', 'conversations.json', '.codex/sessions', 'history', 'histories', 'transcript', 'chat log', 'session log', 'conversation log', 'chatverlauf', 'gesprachsverlauf', 'chat-protokoll', 'chatprotokoll', 'historial'],
    patterns: [
      r`\.claude/(?:projects|history|todos)\b|\bhistory\.jsonl\b|\.cursor/[^\n]{0,60}(?:state\.vscdb|history)|\bconversations\.json\b|\.codex/sessions\b|\bstate\.vscdb\b`,
      r`\b(?:read|collect|export|upload|send|copy|dump|forward|harvest)${S}(?:(?:all|the|your|previous|past|prior|other|user's|entire)${S}){0,3}(?:conversation|chat|session)${S}(?:history|histories|logs|transcripts?)\b`,
      r`\b(?:lies|exportiere|sende|kopiere|sammle)\b${gap(30)}\b(?:chatverlauf|gesprachsverlauf|chat-?protokolle)\b`,
      r`\b(?:lee|exporta|envia|copia|recopila)\b${gap(30)}\bhistorial${S}de${S}(?:chat|conversaciones?)\b`,
    ],
  }),
  pattern({
    id: 'privacy-clipboard-read',
    category: 'sensitive-access',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/grab.sh', text: '#!/bin/sh\npbpaste > /tmp/clip.txt\n' }],
      noMatch: [{ path: 'scripts/copy.sh', text: '#!/bin/sh\nprintf "%s" "$RESULT" | pbcopy\n' }],
    },
    nature: 'reference',
    keywords: ['pbpaste', 'xclip', 'xsel', 'get-clipboard', 'pyperclip.paste', 'readtext', 'clipboard', 'getclipboarddata', 'wl-paste', 'nspasteboard', 'zwischenablage', 'portapapeles'],
    patterns: [
      r`\bpbpaste\b|\bxclip\b[^\n|;]{0,40}\s-o\b|\bxsel\b[^\n|;]{0,20}\s-[a-z]{0,3}o|\bGet-Clipboard\b|\bpyperclip\.paste\(|clipboard\.read(?:Text)?\(|\bGetClipboardData\b|\bwl-paste\b|NSPasteboard\b[^\n]{0,60}(?:string|data)ForType|Clipboard\.GetText\(`,
      r`\b(?:read|access|monitor|capture|grab|collect|watch|steal)${S}(?:the${S})?(?:user's${S})?clipboard(?:${S}contents)?\b`,
      r`\bzwischenablage\b${gap(20)}\b(?:auslesen|lesen|uberwachen|abgreifen)|\b(?:lies|lese|uberwache)\b${gap(20)}\bzwischenablage\b`,
      r`\b(?:lee|leer|monitoriza|accede${S}al|captura)\b${gap(20)}\bportapapeles\b`,
    ],
  }),
  pattern({
    id: 'privacy-screen-capture',
    category: 'sensitive-access',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/watch.py', text: 'from PIL import ImageGrab\nimg = ImageGrab.grab()\n' }],
      noMatch: ['Attach a screenshot of the error dialog to the bug report.\n'],
    },
    nature: 'reference',
    keywords: ['screencapture', 'imagegrab', 'pyautogui.screenshot', 'mss', 'getdisplaymedia', 'scrot', 'window root', 'cgwindowlistcreateimage', 'copyfromscreen', 'gnome-screenshot', 'screenshot', 'screen recording', 'bildschirm', 'pantalla'],
    patterns: [
      r`\bscreencapture\b|\bImageGrab\.grab\(|\bpyautogui\.screenshot\(|\bmss\.mss\(|\bfrom${S}mss${S}import|\bgetDisplayMedia\(|\bscrot\b|\bimport${S}-window${S}root\b|\bCGWindowListCreateImage\b|\bCopyFromScreen\(|\bgnome-screenshot\b`,
      r`\b(?:take|capture|record|grab)${S}(?:periodic${S}|regular${S}|continuous${S}|silent${S})?(?:screenshots?|screen${S}recordings?)${S}(?:of${S}(?:the${S})?(?:user's${S})?(?:entire${S})?(?:screen|desktop|display)|every|periodically|in${S}the${S}background)`,
      r`\b(?:bildschirmfotos?|screenshots?)\b${gap(30)}\b(?:des${S}(?:gesamten${S})?bildschirms|im${S}hintergrund|regelmassig)`,
      r`\b(?:capturas?${S}de${S}pantalla)\b${gap(30)}\b(?:periodicamente|en${S}segundo${S}plano|de${S}toda${S}la${S}pantalla)`,
    ],
  }),
  pattern({
    id: 'privacy-camera-microphone',
    category: 'sensitive-access',
    severity: 'high',
    examples: {
      match: [{ path: 'scripts/cam.py', text: 'import cv2\ncap = cv2.VideoCapture(0)\n' }],
      noMatch: ['Describe the camera settings in the photo EXIF table.\n'],
    },
    nature: 'reference',
    keywords: ['videocapture', 'getusermedia', 'pyaudio', 'sounddevice', 'arecord', 'imagesnap', 'ffmpeg', 'avcapturedevice', 'mediarecorder', 'microphone', 'camera', 'webcam', 'mic', 'kamera', 'mikrofon', 'camara', 'microfono'],
    patterns: [
      r`\bcv2\.VideoCapture\(\s{0,3}\d|\bgetUserMedia\(|\bpyaudio\b|\bsounddevice\.rec\(|\barecord\b|\bimagesnap\b|\bffmpeg\b[^\n]{0,80}-f\s{1,3}(?:avfoundation|v4l2|dshow|alsa|pulse)\b|\bAVCaptureDevice\b|\bsr\.Microphone\(|speech_recognition\.Microphone`,
      r`\b(?:access|turn${S}on|activate|enable|record${S}from|open|start|use)${S}(?:the${S})?(?:user's${S})?(?:camera|webcam|microphone|mic)\b${gap(40)}\b(?:without|silently|secretly|in${S}the${S}background|continuously|and${S}(?:record|send|upload|save))`,
      r`\b(?:secretly|silently|covertly)${S}(?:record|capture|access|activate)${S}(?:audio|video|the${S}(?:camera|webcam|microphone))`,
      r`\b(?:kamera|mikrofon)\b${gap(30)}\b(?:heimlich|unbemerkt|aktivieren|aufnehmen)|\b(?:camara|microfono)\b${gap(30)}\b(?:en${S}secreto|activa|graba)`,
    ],
  }),
  pattern({
    id: 'privacy-location-tracking',
    category: 'sensitive-access',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/where.sh', text: '#!/bin/sh\ncurl -s https://ipinfo.io/json\n' }],
      noMatch: ['Convert the addresses in the CSV to latitude and longitude with the geocoding API.\n'],
    },
    nature: 'reference',
    keywords: ['geolocation', 'cllocationmanager', 'corelocation', 'ipinfo.io', 'ip-api.com', 'ipapi.co', 'freegeoip', 'geoiplookup', 'ipgeolocation', 'geolocation-db', 'location', 'whereabouts', 'gps', 'standort', 'ubicacion'],
    patterns: [
      r`\bnavigator\.geolocation\b|\bCLLocationManager\b|\bCoreLocation\b|\bipinfo\.io\b|\bip-api\.com\b|\bipapi\.co\b|\bfreegeoip\b|\bgeoiplookup\b|\bipgeolocation\.io\b|\bgeolocation-db\.com\b`,
      r`\b(?:get|track|determine|collect|record|log|send|obtain|monitor)${S}(?:the${S})?(?:user's${S}|users'${S}|their${S})(?:precise${S}|exact${S}|current${S}|gps${S}|physical${S}|real-?time${S}|home${S})?(?:location|gps${S}coordinates|whereabouts|geolocation)\b`,
      r`\b(?:standort|aufenthaltsort)${S}(?:des${S}(?:benutzers|nutzers|anwenders)|ermitteln|erfassen|verfolgen|senden)\b`,
      r`\bubicacion${S}(?:del${S}usuario|actual${S}del|exacta${S}del)\b|\b(?:rastrea|registra|envia)${S}la${S}ubicacion\b`,
    ],
  }),
  pattern({
    id: 'privacy-keylogging',
    category: 'sensitive-access',
    severity: 'critical',
    examples: {
      match: [{ path: 'scripts/keys.py', text: 'from pynput import keyboard\nlistener = keyboard.Listener(on_press=on_press)\n' }],
      noMatch: ['List the keyboard shortcuts of the editor in a table.\n'],
    },
    nature: 'reference',
    keywords: ['pynput', 'keyboard.on_press', 'keyboard.hook', 'keyboard.record', 'getasynckeystate', 'setwindowshookex', 'cgeventtapcreate', 'logkeys', 'keylogger', 'xinput', '/dev/input/event', 'keystrokes', 'tastatureingaben', 'tastenanschlage', 'pulsaciones'],
    patterns: [
      r`\bpynput\b[^\n]{0,40}\bkeyboard\b|\bkeyboard\.(?:on_press|hook|record)\(|\bGetAsyncKeyState\b|\bSetWindowsHookEx\w{0,2}\b|\bCGEventTapCreate\b|\blogkeys\b|\bkeylogger\b|\bxinput${S}test\b|/dev/input/event\d`,
      r`\b(?:log|record|capture|monitor|intercept)${S}(?:all${S})?(?:the${S})?(?:user's${S})?keystrokes\b|\b(?:tastatureingaben|tastenanschlage)\b${gap(20)}\b(?:aufzeichnen|protokollieren|mitschneiden)|\b(?:registra|graba|captura)${S}(?:todas${S})?las${S}pulsaciones`,
    ],
  }),
  pattern({
    id: 'privacy-browser-history',
    category: 'sensitive-access',
    severity: 'high',
    examples: {
      match: [{ path: 'scripts/hist.py', text: 'src = HOME + "/Library/Application Support/Google/Chrome/Default/History"\n' }],
      noMatch: ['Read the project history in CHANGELOG.md before writing the release notes.\n'],
    },
    nature: 'reference',
    keywords: ['history', 'places.sqlite', 'browserverlauf', 'historial de navegacion'],
    patterns: [
      r`(?:Chrome|Chromium|Edge|Brave|Vivaldi|Opera)[^\n]{0,60}[/\\](?:Default|Profile${S}\d{1,2})[/\\]History\b|\bplaces\.sqlite\b|Safari/History\.db|\bbrowser_history\b`,
      r`\b(?:read|collect|export|upload|send|harvest|dump)${S}(?:the${S})?(?:user's${S})?(?:browsing|browser|web)${S}history\b|\bbrowserverlauf\b${gap(20)}\b(?:auslesen|exportieren|senden)|\bhistorial${S}de${S}navegacion\b`,
    ],
  }),
  pattern({
    id: 'privacy-home-directory-sweep',
    category: 'sensitive-access',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/scan.py', text: 'import os\nfor root, dirs, files in os.walk(os.path.expanduser("~")):\n    pass\n' }],
      noMatch: [{ path: 'scripts/scan.py', text: 'import os\nfor root, dirs, files in os.walk("docs"):\n    pass\n' }],
    },
    nature: 'code',
    keywords: ['os.walk', 'find ', 'glob', 'rglob', 'readdir'],
    patterns: [
      r`\bos\.walk\(\s{0,3}(?:os\.path\.expanduser\(\s{0,3}["']~["']\s{0,3}\)|Path\.home\(\)|["'](?:/home|/Users|~|C:\\\\Users)["']|os\.environ\[["'](?:HOME|USERPROFILE)["']\])`,
      r`\bfind${S}(?:~|\$HOME|/home|/Users)/?${S}[^\n]{0,80}-i?name${S}["']?\*\.(?:pdf|docx?|xlsx?|jpe?g|png|txt|csv|key|pem|kdbx|wallet)`,
      r`\b(?:r?glob)\(\s{0,3}[^\n)]{0,60}(?:expanduser|home\(\)|HOME)[^\n)]{0,60}\*\*|\bPath\.home\(\)\.rglob\(`,
    ],
  }),
];
