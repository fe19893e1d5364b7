import type { PatternRule } from '../rule-types';
import { pattern } from './define';

const r = String.raw;

/** Pattern rules of the `unicode-tricks` category. */
export const UNICODE_TRICKS_RULES: PatternRule[] = [
  pattern({
    id: 'unicode-punycode-domain',
    category: 'unicode-tricks',
    severity: 'medium',
    examples: {
      match: ['Log in at https://xn--pple-43d.com/account to continue.\n'],
      noMatch: ['Log in at https://apple.com/account to continue.\n'],
    },
    nature: 'reference',
    keywords: ['xn--'],
    patterns: [r`\b(?:https?://|www\.|@)[^\s/"'<>]{0,100}?\bxn--[a-z0-9-]{2,60}`],
  }),
];
