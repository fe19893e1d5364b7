import type { PatternRule } from '../rule-types';
import { gap, pattern, S } from './define';

const r = String.raw;

// A verb, not the first half of a noun pair ("request/response bodies", "get/set").
const ASK = r`(?:ask|asks|asking|request|requests|requesting|collect|collects|collecting|prompt|require|requires|obtain|gather|capture|demand|get|have)(?!\s{0,2}/)`;
const ASK_DE = r`(?:frage|fragt|fordere|fordert|erfasse|erfasst|sammle|sammelt|verlange|verlangt|erfrage|bitte|lass${S}dir)`;
const ASK_ES = r`(?:pide|pidele|pedir|solicita|solicitale|solicitar|recopila|recopilar|recoge|recoger|exige|exigir|pregunta|preguntale)`;

const GOV_ID = r`(?:social${S}security${S}(?:number|no\b)|\bssns?\b|passport${S}(?:number|no\b|details|scan|photo)|national${S}(?:id|identity|insurance)${S}(?:number|card)|tax${S}(?:id|identification)(?:${S}number)?|driver'?s?${S}licen[cs]e${S}(?:number|no\b|photo|scan)|id${S}card${S}(?:number|scan|photo))`;
const GOV_ID_DE = r`(?:sozialversicherungsnummer|steuer-?id|steueridentifikationsnummer|steuernummer|personalausweis(?:nummer)?|reisepass(?:nummer)?|ausweisnummer|fuhrerscheinnummer)`;
const GOV_ID_ES = r`(?:numero${S}de${S}(?:la${S})?seguridad${S}social|\bdni\b|\bnie\b|\bnif\b|(?:numero${S}de${S})?pasaporte|documento${S}(?:nacional${S}de${S})?identidad|\bcedula\b|\bcurp\b|licencia${S}de${S}conducir)`;
// "with a credit card on file": an account condition (the provider already holds it), not a collection.
const FIN = r`(?:credit${S}card(?:${S}(?:number|details|info(?:rmation)?))?|card${S}numbers?|\bcvv\b|\bcvc\b|card${S}security${S}code|\biban\b|bank${S}account(?:${S}(?:number|details|login))?|routing${S}number|sort${S}code|\bpin${S}(?:code|number)|online${S}banking${S}(?:password|login|credentials))(?!${S}on${S}file\b)`;
const FIN_DE = r`(?:kreditkarten(?:nummer|daten)?|kartennummer|prufnummer|\biban\b|bankverbindung|kontonummer|bankdaten|online-?banking-?(?:passwort|zugangsdaten)|\bpin\b)`;
const FIN_ES = r`(?:tarjeta${S}de${S}credito|numero${S}de${S}(?:la${S})?tarjeta|\bcvv\b|\biban\b|cuenta${S}bancaria|numero${S}de${S}cuenta|datos${S}bancarios|\bpin\b)`;
const HEALTH = r`(?:medical${S}(?:records?|history|conditions?|diagnos[ie]s)|health${S}(?:records?|data|information|conditions?|history|insurance${S}(?:number|id))|diagnos[ie]s|medications?|prescriptions?|mental${S}health${S}(?:history|status|conditions?)|sexual${S}orientation|religious${S}beliefs|ethnic${S}origin|political${S}(?:views|opinions|affiliation)|biometric${S}data)`;
const HEALTH_DE = r`(?:gesundheitsdaten|krankengeschichte|diagnosen?|medikamente|krankenversicherungsnummer|sexuelle${S}orientierung|religionszugehorigkeit|ethnische${S}herkunft|politische${S}(?:meinung|einstellung)|biometrische${S}daten)`;
const HEALTH_ES = r`(?:historial${S}(?:medico|clinico)|datos${S}(?:de${S}salud|medicos|biometricos)|diagnosticos?|medicamentos|orientacion${S}sexual|creencias${S}religiosas|origen${S}etnico|opiniones${S}politicas)`;
const CONTACT = r`(?:(?:home|postal|mailing|street|residential)${S}address(?:es)?|phone${S}numbers?|mobile${S}numbers?|date${S}of${S}birth|birth${S}?date|mother'?s${S}maiden${S}name|full${S}legal${S}name|e-?mail${S}address(?:es)?|location${S}history)`;
const USER = r`(?:the${S})?(?:user|users|visitor|visitors|customer|customers|person|people|them|you|client|clients|employee|employees|patient|patients)`;

const SENSITIVE_NOUN_KEYWORDS = ['ssn', 'social security', 'passport', 'national id', 'national identity', 'national insurance', 'tax id', 'tax identification', 'licence number', 'license number', 'licence photo', 'license photo', 'licence scan', 'license scan', 'licence no', 'license no', 'id card', 'sozialversicherungsnummer', 'steuer', 'personalausweis', 'reisepass', 'ausweisnummer', 'fuhrerscheinnummer', 'seguridad social', 'dni', 'nif', 'pasaporte', 'identidad', 'cedula', 'curp', 'licencia de conducir'];

/** Pattern rules of the `pii-collection` category. */
export const PII_COLLECTION_RULES: PatternRule[] = [
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
      noMatch: [
        'Do not ask for credit card details; payment happens on the checkout page.\n',
        'The paid tier requires a subscription (1,000 free calls/day with a credit card on file).\n',
        'Redact full request/response bodies, bank/card numbers and customer identifiers in logs.\n',
      ],
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
];
