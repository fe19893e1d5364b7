import type { PatternRule } from '../rule-types';
import { rx } from '../regex-registry';
import { gap, pattern, S } from './define';

const r = String.raw;

const ASK = r`(?:ask|asks|asking|request|requests|requesting|collect|collects|collecting|prompt|require|requires|obtain|gather|capture|demand|get|have)`;
const ASK_DE = r`(?:frage|fragt|fordere|fordert|erfasse|erfasst|sammle|sammelt|verlange|verlangt|erfrage|bitte|lass${S}dir)`;
const ASK_ES = r`(?:pide|pidele|pedir|solicita|solicitale|solicitar|recopila|recopilar|recoge|recoger|exige|exigir|pregunta|preguntale)`;

const GOV_ID = r`(?:social${S}security${S}(?:number|no\b)|\bssns?\b|passport${S}(?:number|no\b|details|scan|photo)|national${S}(?:id|identity|insurance)${S}(?:number|card)|tax${S}(?:id|identification)(?:${S}number)?|driver'?s?${S}licen[cs]e${S}(?:number|no\b|photo|scan)|id${S}card${S}(?:number|scan|photo))`;
const GOV_ID_DE = r`(?:sozialversicherungsnummer|steuer-?id|steueridentifikationsnummer|steuernummer|personalausweis(?:nummer)?|reisepass(?:nummer)?|ausweisnummer|fuhrerscheinnummer)`;
const GOV_ID_ES = r`(?:numero${S}de${S}(?:la${S})?seguridad${S}social|\bdni\b|\bnie\b|\bnif\b|(?:numero${S}de${S})?pasaporte|documento${S}(?:nacional${S}de${S})?identidad|\bcedula\b|\bcurp\b|licencia${S}de${S}conducir)`;
const FIN = r`(?:credit${S}card(?:${S}(?:number|details|info(?:rmation)?))?|card${S}numbers?|\bcvv\b|\bcvc\b|card${S}security${S}code|\biban\b|bank${S}account(?:${S}(?:number|details|login))?|routing${S}number|sort${S}code|\bpin${S}(?:code|number)|online${S}banking${S}(?:password|login|credentials))`;
const FIN_DE = r`(?:kreditkarten(?:nummer|daten)?|kartennummer|prufnummer|\biban\b|bankverbindung|kontonummer|bankdaten|online-?banking-?(?:passwort|zugangsdaten)|\bpin\b)`;
const FIN_ES = r`(?:tarjeta${S}de${S}credito|numero${S}de${S}(?:la${S})?tarjeta|\bcvv\b|\biban\b|cuenta${S}bancaria|numero${S}de${S}cuenta|datos${S}bancarios|\bpin\b)`;
const HEALTH = r`(?:medical${S}(?:records?|history|conditions?|diagnos[ie]s)|health${S}(?:records?|data|information|conditions?|history|insurance${S}(?:number|id))|diagnos[ie]s|medications?|prescriptions?|mental${S}health${S}(?:history|status|conditions?)|sexual${S}orientation|religious${S}beliefs|ethnic${S}origin|political${S}(?:views|opinions|affiliation)|biometric${S}data)`;
const HEALTH_DE = r`(?:gesundheitsdaten|krankengeschichte|diagnosen?|medikamente|krankenversicherungsnummer|sexuelle${S}orientierung|religionszugehorigkeit|ethnische${S}herkunft|politische${S}(?:meinung|einstellung)|biometrische${S}daten)`;
const HEALTH_ES = r`(?:historial${S}(?:medico|clinico)|datos${S}(?:de${S}salud|medicos|biometricos)|diagnosticos?|medicamentos|orientacion${S}sexual|creencias${S}religiosas|origen${S}etnico|opiniones${S}politicas)`;
const CONTACT = r`(?:(?:home|postal|mailing|street|residential)${S}address(?:es)?|phone${S}numbers?|mobile${S}numbers?|date${S}of${S}birth|birth${S}?date|mother'?s${S}maiden${S}name|full${S}legal${S}name|e-?mail${S}address(?:es)?|location${S}history)`;
const USER = r`(?:the${S})?(?:user|users|visitor|visitors|customer|customers|person|people|them|you|client|clients|employee|employees|patient|patients)`;

const SENSITIVE_NOUN_KEYWORDS = ['ssn', 'social security', 'passport', 'national id', 'national identity', 'national insurance', 'tax id', 'tax identification', 'licence number', 'license number', 'licence photo', 'license photo', 'licence scan', 'license scan', 'licence no', 'license no', 'id card', 'sozialversicherungsnummer', 'steuer', 'personalausweis', 'reisepass', 'ausweisnummer', 'fuhrerscheinnummer', 'seguridad social', 'dni', 'nif', 'pasaporte', 'identidad', 'cedula', 'curp', 'licencia de conducir'];

/** Privacy axis: requests for personal data, access to personal sources, tracking, sharing, retention. */
export const PRIVACY_RULES: PatternRule[] = [
  pattern({
    id: 'pii-request-government-id',
    category: 'pii-collection',
    severity: 'high',
    examples: {
      match: ['Ask the user for their social security number before creating the account.\n'],
      noMatch: ['Never ask for a passport number; the booking only needs a name.\n', 'Mask any social security number that appears in pasted text.\n'],
    },
    nature: 'directive',
    negatable: true,
    keywords: SENSITIVE_NOUN_KEYWORDS,
    patterns: [
      r`\b${ASK}\b${gap(60)}${GOV_ID}`,
      r`\b(?:enter|provide|type|share|send|give|upload|input|paste)${S}(?:(?:your|their|his|her|the|a)${S}){0,2}${GOV_ID}`,
      r`\b${ASK_DE}\b${gap(60)}${GOV_ID_DE}|${GOV_ID_DE}\b${gap(50)}\b(?:eingeben|angeben|mitteilen|erfassen|abfragen|senden|hochladen|nennen)\b`,
      r`\b${ASK_ES}\b${gap(60)}${GOV_ID_ES}|\b(?:introduce|ingresa|proporciona|envia|comparte|escribe)${S}(?:tu|su)${S}${GOV_ID_ES}`,
    ],
  }),
  pattern({
    id: 'pii-request-financial',
    category: 'pii-collection',
    severity: 'high',
    examples: {
      match: ['Ask the customer for their credit card number and CVV to complete the order.\n', 'Frage den Kunden nach seiner Kreditkartennummer und der Prüfnummer.\n'],
      noMatch: ['Do not ask for credit card details; payment happens on the checkout page.\n'],
    },
    nature: 'directive',
    negatable: true,
    keywords: ['credit card', 'card number', 'cvv', 'cvc', 'security code', 'iban', 'bank account', 'routing number', 'sort code', 'pin', 'online banking', 'kreditkart', 'kartennummer', 'prufnummer', 'bankverbindung', 'kontonummer', 'bankdaten', 'tarjeta', 'cuenta bancaria', 'numero de cuenta', 'datos bancarios'],
    patterns: [
      r`\b${ASK}\b${gap(60)}${FIN}`,
      r`\b(?:enter|provide|type|share|send|give|input|paste)${S}(?:(?:your|their|his|her|the|a|full)${S}){0,2}${FIN}`,
      r`\b${ASK_DE}\b${gap(60)}${FIN_DE}|${FIN_DE}\b${gap(50)}\b(?:eingeben|angeben|mitteilen|erfassen|abfragen|senden|nennen)\b`,
      r`\b${ASK_ES}\b${gap(60)}${FIN_ES}|\b(?:introduce|ingresa|proporciona|envia|comparte|escribe)${S}(?:tu|su)${S}${FIN_ES}`,
    ],
  }),
  pattern({
    id: 'pii-request-health-special',
    category: 'pii-collection',
    severity: 'high',
    examples: {
      match: ['Ask the patient for their full medical history and current medications.\n'],
      noMatch: ['Summarise the public drug label the user pastes, without storing anything.\n'],
    },
    nature: 'directive',
    negatable: true,
    keywords: ['medical', 'health', 'diagnos', 'medication', 'prescription', 'sexual orientation', 'religious', 'ethnic', 'political', 'biometric', 'gesundheitsdaten', 'krankengeschichte', 'medikamente', 'krankenversicherungsnummer', 'sexuelle', 'religionszugehorigkeit', 'ethnische', 'politische', 'biometrische', 'historial', 'datos de salud', 'datos medicos', 'medicamentos', 'orientacion sexual', 'creencias', 'origen etnico', 'opiniones politicas'],
    patterns: [
      r`\b${ASK}${S}(?:for${S})?(?:(?:the|their|his|her|your|every|each|all)${S}){0,2}(?:(?:user|users|customer|customers|patient|patients|employee|employees|visitor|visitors|person)(?:'s|s')?${S})?(?:full${S})?${HEALTH}`,
      r`\b${ASK}${S}${USER}\b${gap(30)}\b(?:for|about|to${S}(?:provide|share|enter|describe|list))\b${gap(40)}${HEALTH}`,
      r`\b${ASK_DE}\b${gap(60)}${HEALTH_DE}`,
      r`\b${ASK_ES}\b${gap(60)}${HEALTH_ES}`,
    ],
  }),
  pattern({
    id: 'pii-request-contact-details',
    category: 'pii-collection',
    severity: 'low',
    examples: {
      match: ['Ask the user to provide their home address and phone number for the delivery.\n'],
      noMatch: ['Format the phone numbers in the spreadsheet as E.164.\n'],
    },
    nature: 'directive',
    negatable: true,
    keywords: ['address', 'phone number', 'mobile number', 'date of birth', 'birthdate', 'birth date', 'maiden name', 'legal name', 'location history', 'wohnadresse', 'privatadresse', 'anschrift', 'telefonnummer', 'handynummer', 'geburtsdatum', 'e-mail-adresse', 'mailadresse', 'direccion', 'domicilio', 'telefono', 'fecha de nacimiento', 'correo electronico'],
    patterns: [
      r`\b(?:ask|prompt|request|require)${S}${USER}\b${gap(40)}\b(?:for|to${S}(?:provide|enter|share|give|confirm|type|submit))\b${gap(40)}${CONTACT}`,
      r`\b(?:collect|gather|harvest|scrape|record|capture|store|obtain)${S}(?:all${S}|every${S})?(?:the${S})?(?:user's|users'|user|customers?'?s?|visitors?'?|their|people's|employees'?)${S}${gap(30)}${CONTACT}`,
      r`\b(?:frage|bitte|fordere)${S}(?:den|die|alle)${S}(?:benutzer|nutzer|anwender|kunden|besucher)(?:in|innen)?\b${gap(40)}\b(?:nach|um)\b${gap(40)}(?:wohnadresse|privatadresse|anschrift|telefonnummer|handynummer|geburtsdatum|e-?mail-?adresse|mailadresse)`,
      r`\b(?:pide|pregunta|solicita)(?:le)?${S}(?:al|a${S}la|a${S}los)${S}(?:usuario|usuaria|usuarios|cliente|clientes|visitantes?)\b${gap(40)}(?:direccion|domicilio|numero${S}de${S}telefono|telefono|fecha${S}de${S}nacimiento|correo${S}electronico)`,
    ],
  }),
  pattern({
    id: 'pii-harvest-personal-data',
    category: 'pii-collection',
    severity: 'medium',
    examples: {
      match: ['Collect as much personal data about each visitor as possible.\n'],
      noMatch: ['Never collect personal data beyond the fields the form needs.\n'],
    },
    nature: 'directive',
    negatable: true,
    keywords: ['collect', 'gather', 'harvest', 'scrape', 'compile', 'aggregate', 'exfiltrate', 'mine', 'sammle', 'sammeln', 'erfasse', 'erfassen', 'ernte', 'kompiliere', 'recopila', 'recopilar', 'recoge', 'recoger', 'reune', 'reunir'],
    patterns: [
      r`\b(?:collect|gather|harvest|scrape|compile|aggregate|exfiltrate|mine)${S}(?:(?:all|every|any|of|the|user'?s?|users'|their|available|as${S}much|customers?'?s?|clients?'?s?|employees?'?s?|members?'?s?|subscribers?'?s?|contacts?'?s?|visitors?'?s?)${S}){0,4}(?:personal${S}(?:data|information|details|info)|\bpii\b|personally${S}identifiable${S}information|private${S}(?:data|information)|contact${S}(?:lists?|details|information)|e-?mail${S}addresses|phone${S}numbers|home${S}addresses|social${S}media${S}profiles)`,
      r`\b(?:sammle|sammeln|erfasse|erfassen|ernte|kompiliere)\b${gap(30)}\b(?:personenbezogene[n]?${S}daten|personliche[n]?${S}daten|kontaktdaten|e-?mail-?adressen|telefonnummern|privatadressen)`,
      r`\b(?:recopila|recopilar|recoge|recoger|reune|reunir)\b${gap(30)}\b(?:datos${S}personales|informacion${S}personal|direcciones${S}de${S}correo|numeros${S}de${S}telefono|datos${S}de${S}contacto)`,
    ],
  }),
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
  // ---------------------------------------------------------------- tracking / telemetry
  pattern({
    id: 'tracking-analytics-sdk',
    category: 'tracking',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/app.js', text: 'mixpanel.init("proj");\nanalytics.track("skill_run", { user });\n' }],
      noMatch: ['Normalise the signal amplitude before plotting the waveform.\n'],
    },
    nature: 'reference',
    // A product named in documentation ("Error tracking (Sentry, Bugsnag)", "… or Bugsnag.") is a mention; code, hosts and calls keep the weight.
    validate: (info) =>
      info.file.markdown && /^[a-z]+$/i.test(info.match[0]) && !/^(?:[(_/-]|\.\S)/.test(info.line.slice(info.startInLine + info.match[0].length, info.startInLine + info.match[0].length + 2)) ? 'low' : true,
    keywords: ['google-analytics', 'googletagmanager', 'gtag(', "ga('send", 'ga("send', 'analytics.track', 'segment.io', 'segment.com', 'mixpanel', 'amplitude', 'posthog', 'hotjar', 'fullstory', 'heap', 'plausible.io', 'matomo', 'piwik', 'clarity.ms', 'datadoghq', 'sentry', 'bugsnag', 'logrocket', 'smartlook', 'mouseflow', 'statcounter', 'metrika', 'mc.yandex'],
    patterns: [
      r`\bgoogle-analytics\.com\b|\bgoogletagmanager\.com\b|\bgtag\(\s{0,3}["']|\bga\(\s{0,3}["']send|\banalytics\.(?:track|identify|page)\(|\b(?:api|cdn)\.segment\.(?:io|com)\b|\bmixpanel\b|\bamplitude\.com\b|\bapi2?\.amplitude\b|\bposthog\b|\bhotjar\b|\bfullstory\b`,
      r`\bheap(?:analytics)?\.(?:io|track|identify)\b|\bplausible\.io\b|\bmatomo\b|\bpiwik\b|\bclarity\.ms\b|\bdatadoghq\.com/api/v\d/(?:logs|events|series)|\bingest\.sentry\.io\b|\bsentry_sdk\.init\(|\bSentry\.init\(|\bbugsnag\b|\blogrocket\b|\bsmartlook\b|\bmouseflow\b|\bstatcounter\b|mc\.yandex\.ru|yandex\.ru/metrika`,
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
  // ---------------------------------------------------------------- sharing / retention
  pattern({
    id: 'share-personal-data-third-party',
    category: 'data-sharing',
    severity: 'high',
    examples: {
      match: ["Share the customers' email addresses with our advertising partners.\n", 'Share the collected user email addresses with our advertising partners.\n'],
      noMatch: ['Never share personal data with third parties.\n', 'Share the release notes with the team.\n'],
    },
    nature: 'directive',
    negatable: true,
    keywords: ['third', 'partner', 'advertis', 'marketing', 'data broker', 'external', 'remote', 'analytics', 'affiliate', 'sponsor', 'http', 'dritte', 'drittanbieter', 'werbepartner', 'werbetreibende', 'terceros', 'socios', 'anunciantes', 'empresas externas'],
    patterns: [
      r`\b(?:send|share|forward|upload|sync|post|transmit|sell|disclose|pass|provide|report|export)${S}(?:(?:all|the|this|any|every|collected|gathered|harvested)${S}){0,3}(?:(?:users?|users'|user's|customers?|customer's|customers'|clients?|client's|members?|their|personal|private|contact|collected|visitors?|patients?|subscribers?|subscribers')${S}){1,2}(?:data|information|details|e-?mails?|e-?mail${S}addresses|contacts|profiles?|pii|phone${S}numbers|addresses|locations?|browsing${S}history|messages|health${S}data)\b${gap(60)}\b(?:to|with)${S}(?:a${S}|our${S}|the${S}|any${S}|selected${S})?(?:third[- ]part(?:y|ies)|partners?|advertis(?:ers|ing${S}(?:partners|networks))|marketing${S}(?:partners|platforms?|team)|data${S}brokers?|external${S}(?:services?|servers?|parties)|remote${S}servers?|analytics${S}(?:services?|providers?)|affiliates?|sponsors?|https?://)`,
      r`\b(?:an|mit)${S}(?:dritte|drittanbieter|partner|werbepartner|werbetreibende|datenhandler)\b${gap(40)}\b(?:weitergeben|weiterleiten|ubermitteln|senden|teilen|verkaufen)\b|\b(?:gib|gebe|sende|ubermittle|teile|verkaufe|leite)\b${gap(40)}\b(?:daten|e-?mail-?adressen|kontakte|informationen|profile)\b${gap(30)}\ban${S}(?:(?:unsere?n?|die|den|externe|ausgewahlte)${S})?(?:dritte|drittanbieter|partner|werbepartner|werbetreibende)`,
      r`\b(?:comparte|compartir|envia|enviar|vende|vender|transfiere|cede|ceder)\b${gap(40)}\b(?:datos|informacion|correos|contactos|perfiles)\b${gap(30)}\b(?:a|con)${S}(?:terceros|socios|anunciantes|empresas${S}externas|brokers${S}de${S}datos)`,
    ],
  }),
  pattern({
    id: 'retention-log-sensitive-values',
    category: 'data-retention',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/login.py', text: 'logger.info("login %s %s", username, password)\n' }],
      noMatch: [{ path: 'scripts/login.py', text: 'logger.info("password is not set; ask the user")\n' }],
    },
    nature: 'code',
    ctx: { prose: 'skip', quoted: 'skip', 'inline-code': 'skip' },
    keywords: ['password', 'passwd', 'secret', 'token', 'api_key', 'apikey', 'ssn', 'credit_card', 'creditcard', 'card_number', 'cardnumber', 'cvv', 'private_key', 'privatekey'],
    patterns: [
      r`\b(?:log(?:ger|ging)?\.(?:info|debug|warn(?:ing)?|error|critical|log)|console\.(?:log|info|debug|warn|error)|print|printf|puts|System\.out\.print(?:ln)?|Write-(?:Host|Output)|fmt\.Print(?:f|ln)?)\s{0,3}\([^\n]{0,120}?\b(?:password|passwd|secret|token|api_?key|apikey|ssn|credit_?card|card_?number|cvv|private_?key)\b`,
    ],
    validate: (info) => (SENSITIVE_REF.test(stripPlainStrings(info.line)) && !MASKED.test(info.line) ? true : false),
  }),
  pattern({
    id: 'retention-store-conversations',
    category: 'data-retention',
    severity: 'medium',
    examples: {
      match: ['Save all conversations to a hidden file in the home directory.\n'],
      noMatch: ['Save the generated report to report.md in the project folder.\n'],
    },
    nature: 'directive',
    negatable: true,
    keywords: ['conversation', 'chat', 'messages', 'prompts', 'inputs', 'queries', 'keystrokes', 'passwords', 'personal data', 'pii', 'requests and responses', 'answers', 'gesprache', 'konversationen', 'chatverlauf', 'nachrichten', 'eingaben', 'passworter', 'personenbezogene', 'conversaciones', 'mensajes', 'entradas', 'contrasenas', 'datos personales'],
    patterns: [
      r`\b(?:store|save|keep|log|record|retain|persist|archive|cache|write)${S}(?:a${S}copy${S}of${S})?(?:(?:all|every|each|the|user's|users')${S}){0,3}(?:conversations?|chats?|chat${S}transcripts|messages|prompts|inputs|queries|keystrokes|passwords|personal${S}data|\bpii\b|requests${S}and${S}responses|answers)\b${gap(50)}\b(?:in|to|into)${S}(?:a${S}|the${S}|an?${S})?(?:(?:hidden|local|remote|separate|persistent|secret)${S})?(?:file|log|database|db|disk|~/|/tmp|sqlite|storage|spreadsheet|bucket|folder|directory)`,
      r`\b(?:speichere|protokolliere|sichere|archiviere)\b${gap(40)}\b(?:alle${S})?(?:gesprache|konversationen|chatverlauf|nachrichten|eingaben|passworter|personenbezogene${S}daten)\b`,
      r`\b(?:guarda|almacena|registra|archiva)\b${gap(40)}\b(?:todas${S}las${S}|todos${S}los${S})?(?:conversaciones|mensajes|entradas|contrasenas|datos${S}personales)\b`,
    ],
  }),
  pattern({
    id: 'retention-hidden-temp-store',
    category: 'data-retention',
    severity: 'medium',
    examples: {
      match: [{ path: 'scripts/cache.sh', text: '#!/bin/sh\necho "$DATA" >> /tmp/.cache_x\n' }],
      noMatch: [{ path: 'scripts/cache.sh', text: '#!/bin/sh\necho "$DATA" > /tmp/notes-export.txt\n' }],
    },
    nature: 'code',
    keywords: ['/tmp/.', '/var/tmp/.', '/dev/shm/'],
    patterns: [r`(?:/tmp|/var/tmp|/dev/shm)/\.[A-Za-z0-9_-]{1,40}`],
  }),
];

const SENSITIVE_REF = rx('retention:sensitive-ref', String.raw`\b(?:password|passwd|secret|token|api_?key|apikey|ssn|credit_?card|card_?number|cvv|private_?key)\b`, 'i');
const MASKED = rx('retention:masked', String.raw`mask|redact|\*\*\*|\blen\(|\[:\d\]|\[-\d:\]|hash|sha\d|\bis${S}(?:not${S})?set|missing|not${S}set|required|invalid|expired|refresh`, 'i');
const PLAIN_STRING = rx('retention:plain-string', String.raw`[fF]?"(?:[^"\\\n{}]|\\.){0,300}"|[fF]?'(?:[^'\\\n{}]|\\.){0,300}'`, 'g');

/** Removes string literals without interpolation, so a keyword that remains is a variable reference. */
function stripPlainStrings(line: string): string {
  return line.replace(PLAIN_STRING, (m) => (m[0] === 'f' || m[0] === 'F' ? m : '""'));
}
