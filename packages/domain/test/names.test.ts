import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classArmInputSchema,
  createUserRequestSchema,
  feeInputSchema,
  groupSchoolInputSchema,
  MSG,
  nameProblem,
  nameText,
  optionalNameText,
  studentInputSchema,
  updateProfileRequestSchema,
  vendorInputSchema,
} from '../src/index.js';

/** What the report named: zero-width spaces and joiners, the word joiner, the BOM, overrides and isolates. */
const HIDDEN = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const hidden = fc.constantFrom(...HIDDEN);
/** Real names of the people and places the app serves, with their tone marks and punctuation. */
const REAL_NAMES = [
  'Adébáyọ̀',
  'Ọlárewájú',
  'Chukwuemeka',
  "O'Neil-Smith",
  'Ngozi Okonjo-Iweala',
  'JSS 1A',
  '2031/2032',
  'First Term',
  'Tuition & Boarding',
  'Kano Hausa: ƙasa',
  'محمد',
];

describe('names are names', () => {
  it('a name carrying a hidden character inside it is refused, whatever surrounds it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), hidden, fc.string({ maxLength: 20 }), (before, mark, after) => {
        const result = nameText('Name is required', 100).safeParse(`${before}A${mark}b${after}`);
        expect(result.error?.issues.map((issue) => issue.message)).toEqual([MSG.nameHidden]);
      }),
    );
  });

  it('a name made only of invisible characters and spaces is never accepted', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(hidden, fc.constant(' ')), { minLength: 1, maxLength: 10 }), (parts) => {
        expect(nameText('Name is required').safeParse(parts.join('')).success).toBe(false);
        expect(optionalNameText().safeParse(parts.join('')).success).toBe(parts.join('').trim() === '');
      }),
    );
  });

  it('needs a letter or a number, and says so', () => {
    expect(nameProblem('-- .')).toBe('noLetter');
    expect(nameText().safeParse('...').error?.issues[0]?.message).toBe(MSG.nameNeedsLetter);
    expect(nameText().safeParse('\u0301').error?.issues[0]?.message).toBe(MSG.nameNeedsLetter);
    expect(nameProblem('a\ud800')).toBe('hidden');
  });

  it('accepts real names, tone marks and all, unchanged but for the spaces around them', () => {
    for (const name of REAL_NAMES) {
      expect(nameText().parse(` ${name} `)).toBe(name);
      expect(optionalNameText().parse(name)).toBe(name);
    }
    expect(optionalNameText().parse('')).toBe('');
  });

  it('is the rule of every form that takes a name', () => {
    const direction = 'Ada\u202eObi';
    const refusals = [
      groupSchoolInputSchema.safeParse({ name: direction, description: 'x' }),
      classArmInputSchema.safeParse({ name: direction }),
      feeInputSchema.safeParse({ name: direction }),
      vendorInputSchema.safeParse({ name: direction }),
      updateProfileRequestSchema.safeParse({ firstname: 'Ada', lastname: direction }),
      createUserRequestSchema.safeParse({ firstname: '\u200b\u200b' }),
      studentInputSchema.safeParse({ firstname: 'Ada', middlename: '\ufeff\u200d', lastname: 'Obi' }),
    ];
    for (const result of refusals) {
      const named = result.error?.issues.filter((issue) => /name$/.test(String(issue.path.at(-1))));
      expect(named?.map((issue) => issue.message)).toContain(MSG.nameHidden);
    }
  });
});
