import type { PatternRule } from '../rule-types';
import { gap, pattern, S } from './define';

const r = String.raw;

/** Pattern rules of the `data-sharing` category. */
export const DATA_SHARING_RULES: PatternRule[] = [
  // ---------------------------------------------------------------- sharing / retention
  pattern({
    id: 'share-personal-data-third-party',
    category: 'data-sharing',
    severity: 'high',
    examples: {
      match: ["Share the customers' email addresses with our advertising partners.\n", 'Share the collected user email addresses with our advertising partners.\n', 'Teile die E-Mail-Adressen der Kunden mit unseren Werbepartnern.\n', 'Comparte las direcciones de correo de los clientes con nuestros socios publicitarios.\n'],
      noMatch: ['Never share personal data with third parties.\n', 'Share the release notes with the team.\n', 'Gib niemals personenbezogene Daten an Dritte weiter.\n', 'No compartas nunca datos personales con terceros.\n'],
    },
    nature: 'directive',
    negatable: true,
    keywords: ['third', 'partner', 'advertis', 'marketing', 'data broker', 'external', 'remote', 'analytics', 'affiliate', 'sponsor', 'http', 'dritte', 'drittanbieter', 'werbepartner', 'werbetreibende', 'terceros', 'socios', 'anunciantes', 'empresas externas'],
    patterns: [
      r`\b(?:send|share|forward|upload|sync|post|transmit|sell|disclose|pass|provide|report|export)${S}(?:(?:all|the|this|any|every|collected|gathered|harvested)${S}){0,3}(?:(?:users?|users'|user's|customers?|customer's|customers'|clients?|client's|members?|their|personal|private|contact|collected|visitors?|patients?|subscribers?|subscribers')${S}){1,2}(?:data|information|details|e-?mails?|e-?mail${S}addresses|contacts|profiles?|pii|phone${S}numbers|addresses|locations?|browsing${S}history|messages|health${S}data)\b${gap(60)}\b(?:to|with)${S}(?:a${S}|our${S}|the${S}|any${S}|selected${S})?(?:third[- ]part(?:y|ies)|partners?|advertis(?:ers|ing${S}(?:partners|networks))|marketing${S}(?:partners|platforms?|team)|data${S}brokers?|external${S}(?:services?|servers?|parties)|remote${S}servers?|analytics${S}(?:services?|providers?)|affiliates?|sponsors?|https?://)`,
      r`\b(?:an|mit)${S}(?:dritte|drittanbieter|partner|werbepartner|werbetreibende|datenhandler)\b${gap(40)}\b(?:weitergeben|weiterleiten|ubermitteln|senden|teilen|verkaufen)\b|\b(?:gib|gebe|sende|ubermittle|teile|verkaufe|leite)\b${gap(40)}\b(?:daten|e-?mail-?adressen|kontakte|informationen|profile)\b${gap(30)}\b(?:an|mit)${S}(?:(?:unsere?n?|die|den|externe[nm]?|ausgewahlte[nm]?)${S})?(?:dritte|drittanbieter|partner|werbepartner|werbetreibende)`,
      r`\b(?:comparte|compartir|envia|enviar|vende|vender|transfiere|cede|ceder)\b${gap(40)}\b(?:datos|informacion|correos|direcciones|contactos|perfiles)\b${gap(30)}\b(?:a|con)${S}(?:(?:nuestros|los|sus|unos)${S})?(?:terceros|socios|anunciantes|empresas${S}externas|brokers${S}de${S}datos)`,
    ],
  }),
];
