import { rx } from '../regex-registry';
import type { Hit } from '../rule-types';
import { heuristic } from '../rules/define';
import type { Analyzer, SkillContext } from './context';
import { fileHit } from './text-files';

export const PERSONAL_DATA_RULES = [
  heuristic('pii-embedded-personal-data', 'pii-collection', 'high', {
    match: [{ path: 'assets/customers.csv', text: 'name,card\nJ. Doe,4716 8988 9439 8324\n' }],
    noMatch: [{ path: 'assets/customers.csv', text: 'name,card\nTest card,4242 4242 4242 4242\nExample SSN,123-45-6789\n' }],
  }),
];

/** One pass for the three shapes: SSN (group 1), payment card (group 2), IBAN (group 3). */
const PERSONAL_NUMBER = rx(
  'pii:personal-number',
  String.raw`\b(?:((?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4})|((?:4\d{3}|5[1-5]\d{2}|2[2-7]\d{2}|3[47]\d{2}|6(?:011|5\d{2}))(?:[ -]?\d{4}){2}[ -]?\d{1,4}(?:[ -]?\d{3})?)|([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?))\b`,
  'g',
);
const EXAMPLE_SSN = new Set(['123-45-6789', '078-05-1120', '219-09-9999', '111-22-3333', '555-55-5555']);
const TEST_LABEL = rx('pii:test-label', String.raw`(?:^|[^a-z])(?:test|sandbox|example|dummy|fake|sample)`, 'i');
const TEST_CARDS = new Set(['4111111111111111', '4242424242424242', '4012888888881881', '5555555555554444', '5105105105105100', '378282246310005', '371449635398431', '6011111111111117', '4000056655665556', '2223003122003222', '4000000000000002', '4000000000009995']);
const EXAMPLE_IBANS = new Set(['DE89370400440532013000', 'GB82WEST12345698765432', 'ES9121000418450200051332', 'FR1420041010050500013M02606', 'NL91ABNA0417164300', 'CH9300762011623852957', 'AT611904300234573201', 'GB29NWBK60161331926819']);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function ibanValid(iban: string): boolean {
  const s = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    const v = c >= 65 ? String(c - 55) : ch;
    for (const dch of v) rem = (rem * 10 + (dch.charCodeAt(0) - 48)) % 97;
  }
  return rem === 1;
}

function judgePersonalNumber(m: RegExpExecArray): Hit['fixed'] | false {
  if (m[1] !== undefined) return EXAMPLE_SSN.has(m[1]) ? 'info' : undefined;
  if (m[2] !== undefined) {
    const digits = m[2].split(' ').join('').split('-').join('');
    if (digits.length < 13 || digits.length > 19 || !luhn(digits)) return false;
    // Issuers' sandbox numbers (`4000002500003155`) pad with long zero runs that real account numbers do not have.
    return TEST_CARDS.has(digits) || /0{5}/.test(digits.slice(6)) ? 'info' : undefined;
  }
  const compact = (m[3] ?? '').split(' ').join('');
  if (compact.length < 15 || !ibanValid(compact)) return false;
  return EXAMPLE_IBANS.has(compact) ? 'info' : 'medium';
}

function embeddedPersonalData(ctx: SkillContext): void {
  for (const f of ctx.texts) {
    let reported = 0;
    let line = 0;
    let lineStart = 0;
    PERSONAL_NUMBER.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = PERSONAL_NUMBER.exec(f.norm)) !== null && reported < 20) {
      // The digits of a fraction or a signed number (`1.2447655200958252`, `-4663207623855864089`) are no card number.
      if (m[2] !== undefined && m.index > 0 && (f.norm[m.index - 1] === '.' || f.norm[m.index - 1] === '-' || f.norm[m.index - 1] === '+')) continue;
      let fixed = judgePersonalNumber(m);
      // A card number listed under "test cards" / "sandbox" / "example" is an issuer's documented test number.
      if (m[2] !== undefined && fixed === undefined && TEST_LABEL.test(f.norm.slice(Math.max(0, m.index - 200), m.index))) fixed = 'info';
      if (fixed === false) continue;
      for (let i = f.norm.indexOf('\n', lineStart); i >= 0 && i < m.index; i = f.norm.indexOf('\n', i + 1)) {
        line++;
        lineStart = i + 1;
      }
      ctx.emit(fileHit('pii-embedded-personal-data', f, line, m.index - lineStart, fixed));
      reported++;
    }
  }
}

/** SSNs, payment card numbers and IBANs embedded in the skill's files (checksums and documented test numbers judged). */
export const personalDataAnalyzer: Analyzer = {
  name: 'personal-data',
  phase: 'main',
  rules: PERSONAL_DATA_RULES,
  run: embeddedPersonalData,
};
