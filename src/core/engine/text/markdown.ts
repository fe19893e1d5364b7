import { rx } from '../regex-registry';

const S = String.raw`\s{1,3}`;

/** Per-line structure flags of a markdown (instruction) file. */
export const MD_FENCED = 1;
export const MD_COMMENT_FULL = 2;
export const MD_COMMENT_PARTIAL = 4;
export const MD_QUOTE = 8;
export const MD_FRONTMATTER = 16;
export const MD_COUNTER_FENCE = 32;
export const MD_COUNTER_SECTION = 64;
export const MD_HEADING = 128;
/** Inside a fenced block or quote that its lead-in writes into an agent instruction file (see PLANT_LEAD_IN). */
export const MD_PLANTED = 256;

/**
 * Info string language per line of the fences that have one: a fence's lines after its opening
 * line, its closing line included (one entry per fence instead of one per line).
 */
export class FenceLanguages {
  /** Per fence with a language, ascending: its first and last line (see above) and its language. */
  private readonly firsts: number[] = [];
  private readonly lasts: number[] = [];
  private readonly langs: string[] = [];

  /** A fence with language `lang` whose lines start at `first` (closed by `close`, else it runs to the end). */
  open(first: number, lang: string): void {
    this.firsts.push(first);
    this.lasts.push(Infinity);
    this.langs.push(lang);
  }

  /** The last fence opened ends at `last`. */
  close(last: number): void {
    this.lasts[this.lasts.length - 1] = last;
  }

  get(line: number): string | undefined {
    let lo = 0;
    let hi = this.firsts.length - 1;
    // The last fence starting at or before `line`.
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.firsts[mid] <= line) lo = mid;
      else hi = mid - 1;
    }
    return hi >= 0 && this.firsts[lo] <= line && line <= this.lasts[lo] ? this.langs[lo] : undefined;
  }
}

export interface MarkdownInfo {
  flags: Uint16Array;
  /** Info string language of the fence a line belongs to (only fenced lines), lowercased. */
  fenceLang: FenceLanguages;
  /** Comment spans [start, end) of lines that are partly inside an HTML comment. */
  commentSpans: Map<number, Array<[number, number]>>;
  /** Index of the closing frontmatter delimiter line, or -1 when there is no frontmatter. */
  frontmatterEnd: number;
}

/**
 * Words that mark text as a quoted counter-example (security training, detection docs): an
 * example under such a heading, or right after such a lead-in, is documentation of an attack,
 * not an instruction. Deliberately narrow — generic words such as "avoid" are not included.
 */
const COUNTER_WORDS =
  '\\b(?:attack(?:s|ers?|ing)?|malicious|prompt[- ]injection|injections?|jailbreaks?|exploits?|phishing|red[ -]flags?|warning signs?|anti-?patterns?|bad examples?|counter-?examples?|(?:do not|don\'t|never) (?:run|execute|copy|follow|paste|use)|unsafe|suspicious|detect(?:s|ed|ion|ing|or)?|threats?|vulnerab\\w{0,10}|what not to do|tactics|indicators?(?: of compromise)?|iocs?|boswillig\\w{0,4}|bosartig\\w{0,4}|verdachtig\\w{0,4}|unsicher\\w{0,4}|schadcode|sospechos[oa]s?|insegur[oa]s?|angreifer\\w{0,2}|warnsignal\\w{0,2}|nicht ausfuhren|erkennen|erkennung|ataques?|atacantes?|malicios[oa]s?|no ejecutes|detectar|deteccion|senales de alerta)\\b|angriff';
export const COUNTER_MARKER = rx('markdown:counter-marker', COUNTER_WORDS + '|\\u274C|\\u26A0|\\u{1F6AB}', 'iu');
/**
 * COUNTER_MARKER for a line of ASCII characters only, about 2.5 times faster: on ASCII text the
 * emoji cannot occur and the `u` flag changes nothing (it only adds folds of non-ASCII characters
 * — ſ, K — onto ASCII letters, to `i` as to `\w` and `\b`).
 */
const COUNTER_MARKER_ASCII = rx('markdown:counter-marker-ascii', COUNTER_WORDS, 'i');

/** `COUNTER_MARKER.test(line)`. */
export function hasCounterMarker(line: string): boolean {
  for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) > 0x7f) return COUNTER_MARKER.test(line);
  return COUNTER_MARKER_ASCII.test(line);
}

/**
 * Line-level lead-ins that mark quoted phrases as examples of what not to write. Only used for
 * quoted text on the same line, never for fences (where "to avoid errors, run: …" is common).
 */
export const QUOTE_COUNTER_MARKER = rx(
  'markdown:quote-counter-marker',
  String.raw`\b(?:avoid|avoiding|don't${S}(?:write|say|use)|do${S}not${S}(?:write|say|use)|never${S}(?:write|say|use)|override-style|phrases${S}like|wording${S}like|language${S}like|vermeide|vermeiden|evita|evitar)\b`,
  'i',
);

/**
 * A lead-in that writes the block after it into the agent's instruction or memory files ("On first
 * run, add the following block to the user's ~/.claude/CLAUDE.md:", „Füge Folgendes in die
 * CLAUDE.md ein:"): the fenced text is not an example, it is what the agent will obey in every
 * later session, so match-context reads it as prose.
 */
const PLANT_LEAD_IN = rx(
  'context:plant-lead-in',
  String.raw`\b(?:add|append|write|insert|put|paste|copy|save|store|place|prepend|fuge|schreibe|trage|speichere|anade|agrega|escribe|guarda|inserta|ajoute[zr]?|ecris|adicione|escreva|aggiungi|scrivi)\b[^\n]{0,160}?(?:CLAUDE\.md|AGENTS\.md|GEMINI\.md|MEMORY\.md|SOUL\.md|\.cursorrules|\.windsurfrules|copilot-instructions\.md|\.cursor/rules)\b[^\n]{0,120}:\s{0,3}$`,
  'i',
);
/** "Never add the following to CLAUDE.md:" introduces a counter-example, not a planted block. */
const PLANT_NEGATED = rx('context:plant-negated', String.raw`\b(?:never|don't|do\s{1,3}not|must\s{1,3}not|avoid|niemals|keinesfalls|nunca|jamas)\b`, 'i');

/**
 * A lead-in sentence that introduces the list, table or quote after it as examples of what not to
 * do ("Never run these:", "Examples to refuse:", "Red flags:"): it ends with a colon.
 */
const LEAD_IN = rx(
  'markdown:counter-lead-in',
  String.raw`(?:\b(?:refuse|reject|decline|block|never|do${S}not|don't|avoid|forbidden|prohibited|not${S}allowed|not${S}(?:run|execute|follow|copy|paste)|niemals|nie|verboten|ablehnen|keinesfalls|nicht${S}(?:ausfuhren|befolgen|kopieren|einfugen|verwenden)|nunca|jamas|rechaza|rechazar|prohibido|no${S}(?:ejecutes|ejecutar|sigas|seguir|copies|pegues|uses))\b[^\n]{0,120}|\b(?:attacks?|malicious|red${S}flags?|warning${S}signs?|anti-?patterns?|bad${S}examples?|counter-?examples?|phishing|injections?|angreifer\w{0,2}|boswillig\w{0,4}|warnsignal\w{0,2}|gegenbeispiel\w{0,2}|ataques?|atacantes?|malicios[oa]s?|contraejemplos?|senales${S}de${S}alerta)\b[^\n]{0,120}|angriff[^\n]{0,120}`
    // A reviewer's or scanner's checklist: what to flag ("Flag any script containing:", „Achte auf verdächtige Muster:").
    + String.raw`|\b(?:flag|detect|look${S}for|watch${S}(?:out${S})?for|scan${S}for|check${S}for|alert${S}on|search${S}for|grep${S}for|markiere|suche${S}nach|achte${S}auf|marca|busca|detecta)\b[^\n]{0,80}?\b(?:contain(?:s|ing)?|patterns?|indicators?|signs?|signatures?|suspicious|dangerous|risky|unsafe|enthalt|enthalten|\w{0,20}muster\w{0,3}|verdachtig\w{0,2}|gefahrlich\w{0,2}|contenga|contengan|patrones|sospechos[oa]s?|peligros[oa]s?)\b[^\n]{0,80}):\s{0,3}$`,
  'i',
);
const LIST_OR_TABLE = rx('markdown:list-or-table', String.raw`^\s{0,6}(?:[-*+]|\d{1,3}[.)])\s|^\s{0,3}\|`);

const FENCE_OPEN = rx('markdown:fence-open', '^ {0,3}(`{3,40}|~{3,40})[ \\t]{0,10}([^`\\s]{0,30})');
const HEADING = rx('markdown:heading', '^ {0,3}#{1,6}[ \\t]');
const BLOCKQUOTE = rx('markdown:blockquote', '^ {0,3}>');

/** The code units String.prototype.trim removes (taken from trim itself). */
const TRIMMED = new Uint8Array(65536);
for (let c = 0; c < 65536; c++) TRIMMED[c] = String.fromCharCode(c).trim() === '' ? 1 : 0;

/** Offset of the first code unit `line.trim()` keeps (line.length: none). */
function trimmedStart(line: string): number {
  let a = 0;
  while (a < line.length && TRIMMED[line.charCodeAt(a)] === 1) a++;
  return a;
}

/** One past the last code unit `line.trimEnd()` keeps (0: none). */
function trimmedEnd(line: string): number {
  let b = line.length;
  while (b > 0 && TRIMMED[line.charCodeAt(b - 1)] === 1) b--;
  return b;
}

/** `line.trim() === ''` without building the trimmed string. */
export function isBlankLine(line: string): boolean {
  return trimmedStart(line) === line.length;
}

/** Whether `line.trim()` is a closing fence: at least `length` times `fence` and nothing else. */
function isClosingFence(line: string, fence: number, length: number): boolean {
  const a = trimmedStart(line);
  const b = trimmedEnd(line);
  if (b - a < length) return false;
  for (let k = a; k < b; k++) if (line.charCodeAt(k) !== fence) return false;
  return true;
}

/** `text`: the lines joined with `\n`, when the caller has it (a text without `<!--` is not searched for comments line by line). */
export function analyzeMarkdown(lines: readonly string[], text?: string): MarkdownInfo {
  const n = lines.length;
  const mayComment = text === undefined || text.includes('<!--');
  const flags = new Uint16Array(n);
  const fenceLang = new FenceLanguages();
  const commentSpans = new Map<number, Array<[number, number]>>();
  let frontmatterEnd = -1;

  let start = 0;
  if (n > 1 && lines[0].trim() === '---') {
    for (let i = 1; i < n; i++) {
      const t = lines[i].trim();
      if (t === '---' || t === '...') {
        frontmatterEnd = i;
        break;
      }
    }
    if (frontmatterEnd > 0) {
      for (let i = 0; i <= frontmatterEnd; i++) flags[i] |= MD_FRONTMATTER;
      start = frontmatterEnd + 1;
    }
  }

  /** Code unit of the open fence's marker (0: no fence is open). */
  let fenceChar = 0;
  let fenceLen = 0;
  let fenceLangCur = '';
  let fenceCounter = false;
  let inComment = false;
  let sectionCounter = false;
  /** Inside the list / table introduced by a counter-example lead-in (see LEAD_IN). */
  let leadInList = false;
  let leadInPending = false;
  // Last non-empty prose lines (max 3, oldest first), each with whether it holds a counter-example
  // marker (tested once, when a fence first asks: consecutive fences share their lead-in lines).
  const recent: string[] = [];
  const recentCounter: Array<boolean | undefined> = [];
  let fencePlanted = false;
  let quotePlanted = false;
  /** Whether the block after line `lead` (a fence or a quote) is what that line writes into an agent instruction file. */
  const plantedBy = (lead: number): boolean => {
    const text = lead >= 0 && (flags[lead] & (MD_FENCED | MD_QUOTE)) === 0 ? lines[lead] : '';
    return text.length > 0 && text.length <= 2000 && PLANT_LEAD_IN.test(text) && !PLANT_NEGATED.test(text);
  };
  /** The last non-empty line before this one (fenced or not): the lead-in of a fence or a quote. */
  let previous = -1;
  let previousBlank = true;

  for (let i = start; i < n; i++) {
    const line = lines[i];
    if (i > start && !previousBlank) previous = i - 1;
    const blank = isBlankLine(line);
    previousBlank = blank;
    if (fenceChar !== 0) {
      const closing = isClosingFence(line, fenceChar, fenceLen);
      flags[i] |= MD_FENCED | (fenceCounter ? MD_COUNTER_FENCE : 0) | (sectionCounter ? MD_COUNTER_SECTION : 0) | (fencePlanted && !closing ? MD_PLANTED : 0);
      if (closing) {
        if (fenceLangCur) fenceLang.close(i);
        fenceChar = 0;
      }
      continue;
    }
    // The three block markers below start after at most three spaces: look at that character
    // first and run a marker's regex only when it can match.
    let lead = 0;
    while (lead < 4 && line.charCodeAt(lead) === 32) lead++;
    const marker = lead < 4 ? line.charCodeAt(lead) : 0;
    if (!inComment && (marker === 96 /* ` */ || marker === 126 /* ~ */)) {
      const fo = FENCE_OPEN.exec(line);
      if (fo) {
        fenceChar = fo[1].charCodeAt(0);
        fenceLen = fo[1].length;
        fenceLangCur = (fo[2] || '').toLowerCase();
        if (fenceLangCur) fenceLang.open(i + 1, fenceLangCur);
        fenceCounter = sectionCounter;
        for (let k = 0; k < recent.length && !fenceCounter; k++) fenceCounter = recentCounter[k] ??= hasCounterMarker(recent[k]);
        fencePlanted = plantedBy(previous);
        flags[i] |= MD_FENCED | (fenceCounter ? MD_COUNTER_FENCE : 0) | (sectionCounter ? MD_COUNTER_SECTION : 0) | (fencePlanted ? MD_PLANTED : 0);
        continue;
      }
    }
    // HTML comments (outside fences).
    if (inComment || (mayComment && line.includes('<!--'))) {
      const spans: Array<[number, number]> = [];
      let pos = 0;
      let full = inComment;
      let open = inComment ? 0 : -1;
      while (pos <= line.length) {
        if (open >= 0) {
          const close = line.indexOf('-->', pos);
          if (close < 0) {
            spans.push([open, line.length]);
            inComment = true;
            break;
          }
          spans.push([open, close + 3]);
          if (!(open === 0 && close + 3 >= line.trimEnd().length)) full = false;
          open = -1;
          inComment = false;
          pos = close + 3;
        } else {
          const o = line.indexOf('<!--', pos);
          if (o < 0) break;
          open = o;
          pos = o + 4;
          full = false;
        }
      }
      if (full && inComment) flags[i] |= MD_COMMENT_FULL;
      else if (spans.length > 0) {
        if (spans.length === 1 && spans[0][0] === 0 && spans[0][1] >= line.trimEnd().length) flags[i] |= MD_COMMENT_FULL;
        else {
          flags[i] |= MD_COMMENT_PARTIAL;
          commentSpans.set(i, spans);
        }
      }
      if (flags[i] & MD_COMMENT_FULL) continue;
    }
    if (marker === 35 /* # */ && HEADING.test(line)) {
      flags[i] |= MD_HEADING;
      sectionCounter = hasCounterMarker(line);
      recent.length = 0;
      recentCounter.length = 0;
      leadInList = leadInPending = false;
    } else if (marker === 62 /* > */ && BLOCKQUOTE.test(line)) {
      // A quote planted by its lead-in ("append this rule to CLAUDE.md:") is read as prose, like a planted fence.
      if (previous < 0 || !(flags[previous] & MD_QUOTE)) quotePlanted = plantedBy(previous);
      flags[i] |= MD_QUOTE | (quotePlanted ? MD_PLANTED : 0);
    }
    // The items of a list or table after a counter-example lead-in are quoted examples.
    if (!blank) {
      if ((leadInPending || leadInList) && LIST_OR_TABLE.test(line)) {
        leadInList = true;
        flags[i] |= MD_QUOTE | MD_COUNTER_SECTION;
      } else if (!(flags[i] & MD_QUOTE && leadInPending)) {
        leadInList = false;
      } else flags[i] |= MD_COUNTER_SECTION;
      const end = trimmedEnd(line);
      leadInPending = end > 0 && line.charCodeAt(end - 1) === 58 /* : */ && !(flags[i] & MD_HEADING) && LEAD_IN.test(line);
    }
    if (sectionCounter) flags[i] |= MD_COUNTER_SECTION;
    if (!blank) {
      recent.push(line);
      recentCounter.push(undefined);
      if (recent.length > 3) {
        recent.shift();
        recentCounter.shift();
      }
    }
  }
  // A fence left open runs to the last line.
  if (fenceChar !== 0 && fenceLangCur) fenceLang.close(n - 1);
  return { flags, fenceLang, commentSpans, frontmatterEnd };
}
