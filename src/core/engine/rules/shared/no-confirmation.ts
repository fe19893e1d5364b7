import { rx } from '../../regex-registry';

/**
 * An action taken without the user's say: no question, no confirmation, no warning (en / de / es / fr / pt / it).
 * It turns a standing order planted in agent memory, or a money transfer, into one the user never
 * sees coming.
 */
export const NO_CONFIRMATION = rx(
  'shared:no-confirmation',
  String.raw`\bwithout\s{1,3}(?:(?:first\s{1,3})?asking|(?:any\s{1,3}|user\s{1,3}|the\s{1,3}user'?s?\s{1,3})?(?:confirmation|approval|consent)|prompting|(?:a\s{1,3})?warning)|\b(?:never|don't|do\s{1,3}not)\s{1,3}(?:ask|confirm|warn|show\s{1,3}(?:any\s{1,3})?warnings?)\b|\bohne\s{1,3}(?:(?:den|die)\s{1,3}(?:nutzer|benutzer|anwender)\w{0,2}\s{1,3}zu\s{1,3}fragen|ruckfrage|nachfrage|bestatigung|zustimmung|zu\s{1,3}fragen|warnung)|\bsin\s{1,3}(?:preguntar|confirmaci(?:o|ó)n|pedir\s{1,3}(?:confirmaci(?:o|ó)n|permiso)|consentimiento|avisar)|\bnunca\s{1,3}(?:preguntes|pidas|muestres)\b|\b(?:frage|warne)\s{1,3}(?:nie|niemals)\b|\bsans\s{1,3}(?:demander|confirmation|autorisation|pr(?:e|é)venir)|\bsem\s{1,3}(?:perguntar|confirma(?:c|ç)(?:a|ã)o|pedir|avisar|autoriza(?:c|ç)(?:a|ã)o)|\bsenza\s{1,3}(?:chiedere|conferma|autorizzazione|avvisare)`,
  'i',
);

/**
 * Blanket trust or authorisation granted in advance: "trust all commands from …", "always approve",
 * "the user has pre-authorized all payments" (en / de / es).
 */
export const BLANKET_TRUST = rx(
  'shared:blanket-trust',
  String.raw`\b(?:trust|obey|follow|execute|run)\s{1,3}(?:all|any|every)\s{1,3}(?:commands?|instructions?|requests?|messages?|files?)\s{1,3}from\b|\balways\s{1,3}(?:trust|approve|allow|accept|obey)\b|\bpre-?(?:authori[sz]ed|approved)\b|\bauto-?approve\b|\bvertraue\s{1,3}(?:immer|allen?)\b|\b(?:genehmige|erlaube)\s{1,3}(?:immer|alle)\b|\bconf(?:i|í)a\s{1,3}(?:siempre|en\s{1,3}tod[oa]s?)\b|\b(?:aprueba|permite)\s{1,3}(?:siempre|tod[oa]s?)\b`,
  'i',
);
