import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  announcementSms,
  MAX_KOBO,
  phoneCodeSms,
  receiptSms,
  reminderSms,
  SMS_OPT_OUT,
  smsEncoding,
  smsNaira,
  toGsm7,
  transferConfirmedSms,
} from '../src/index.js';

/** 3GPP TS 23.038 §6.2.1, written out again here so the table in the code is checked against it. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const gsmText = fc.array(fc.constantFrom(...GSM7_BASIC, ...GSM7_EXTENSION), { maxLength: 400 }).map((c) => c.join(''));
/** What people paste into a message: typography, the naira sign, Nigerian names' accents, emoji. */
const awkward = fc
  .array(
    fc.constantFrom(
      '₦',
      '“',
      '”',
      '’',
      '–',
      '—',
      '…',
      '\u00a0',
      '\t',
      'é',
      'ọ̀',
      'ẹ',
      'ṣ',
      'ɗ',
      'Ƙ',
      '😀',
      '€',
      '{',
      'a',
      '7',
      ' ',
      '.',
    ),
    { maxLength: 60 },
  )
  .map((chars) => chars.join(''));
const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary' }),
  awkward,
  gsmText,
);

const word = fc.stringMatching(/^[A-Z][a-z]{1,11}$/);
/** A name of words, cut to `max` characters. */
const name = (max: number) =>
  fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' ').slice(0, max).trim());
/** Any name at all, up to 200 characters: other scripts, emoji, extension characters. */
const anyName = fc.oneof(name(200), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }), gsmText);
const link = fc.stringMatching(/^[A-Za-z0-9]{16}$/).map((token) => `https://sl.example.ng/m/${token}`);
const amount = fc.bigInt({ min: 1n, max: MAX_KOBO });
/** Receipt numbers as the database writes them: the school's code (2 to 6), the year, six digits or more. */
const receiptNo = fc
  .tuple(
    fc.stringMatching(/^[A-Z0-9]{2,6}$/),
    fc.integer({ min: 2020, max: 2099 }),
    fc.integer({ min: 1, max: 999_999 }),
  )
  .map(([code, year, n]) => `${code}-${year}-${String(n).padStart(6, '0')}`);

const payment = (school: fc.Arbitrary<string>, student: fc.Arbitrary<string>) =>
  fc.record({ schoolName: school, studentName: student, amountKobo: amount, receiptNo, link });

describe('SMS encoding and pages', () => {
  it('counts the GSM-7 alphabet one unit a character and its extension two', () => {
    expect([...GSM7_BASIC]).toHaveLength(127);
    for (const char of GSM7_BASIC) expect(smsEncoding(char)).toEqual({ encoding: 'GSM-7', units: 1, pages: 1 });
    for (const char of GSM7_EXTENSION) expect(smsEncoding(char)).toEqual({ encoding: 'GSM-7', units: 2, pages: 1 });
    for (const char of ['₦', '`', 'ç', 'á', '“', '\t', '😀']) expect(smsEncoding(char).encoding).toBe('UCS-2');
  });

  it('bills 160 characters a page, 153 a page once split, and nothing for an empty text', () => {
    expect(smsEncoding('')).toEqual({ encoding: 'GSM-7', units: 0, pages: 0 });
    expect(smsEncoding('a'.repeat(160)).pages).toBe(1);
    expect(smsEncoding('a'.repeat(161)).pages).toBe(2);
    expect(smsEncoding('a'.repeat(306)).pages).toBe(2);
    expect(smsEncoding('a'.repeat(307)).pages).toBe(3);
    expect(smsEncoding('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, pages: 1 });
  });

  it('bills one naira sign as UCS-2: 70 a page, 67 once split, emoji two units', () => {
    expect(smsEncoding(`₦${'a'.repeat(69)}`)).toEqual({ encoding: 'UCS-2', units: 70, pages: 1 });
    expect(smsEncoding(`₦${'a'.repeat(70)}`)).toEqual({ encoding: 'UCS-2', units: 71, pages: 2 });
    expect(smsEncoding(`₦${'a'.repeat(133)}`).pages).toBe(2);
    expect(smsEncoding(`₦${'a'.repeat(134)}`).pages).toBe(3);
    expect(smsEncoding('😀')).toEqual({ encoding: 'UCS-2', units: 2, pages: 1 });
  });

  it('never splits a character between pages, so a page can end a unit short', () => {
    // 306 units would be two pages of 153, but the euro sign's two units cannot straddle them.
    expect(smsEncoding(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toEqual({ encoding: 'GSM-7', units: 306, pages: 3 });
    expect(smsEncoding(`${'a'.repeat(66)}😀${'a'.repeat(66)}`)).toEqual({ encoding: 'UCS-2', units: 134, pages: 3 });
  });

  it('bills the pages the units need, a page more only for characters that did not fit', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const { encoding, units, pages } = smsEncoding(text);
        const [page, part] = encoding === 'GSM-7' ? [160, 153] : [70, 67];
        const least = units === 0 ? 0 : units <= page ? 1 : Math.ceil(units / part);
        expect(pages).toBeGreaterThanOrEqual(least);
        // A page loses at most one unit to a character that did not fit.
        expect(pages).toBeLessThanOrEqual(Math.max(least, Math.ceil(units / (part - 1))));
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9 .,]{0,700}$/), (text) => {
        const least = text.length === 0 ? 0 : text.length <= 160 ? 1 : Math.ceil(text.length / 153);
        expect(smsEncoding(text)).toEqual({ encoding: 'GSM-7', units: text.length, pages: least });
      }),
    );
  });
});

describe('GSM-7 text', () => {
  it('writes the naira sign as NGN, spaced from the amount once', () => {
    expect(toGsm7('₦150,000')).toBe('NGN 150,000');
    expect(toGsm7('Pay ₦ 5,000 today')).toBe('Pay NGN 5,000 today');
    expect(toGsm7('Fees (₦)')).toBe('Fees (NGN)');
    expect(toGsm7('-₦1,000')).toBe('-NGN 1,000');
  });

  it('turns typography into plain characters and accents into their letters', () => {
    expect(toGsm7('“Fees” – it’s due… now')).toBe('"Fees" - it\'s due... now');
    expect(toGsm7('Ada\u00a0Obi\tJSS 1')).toBe('Ada Obi JSS 1');
    expect(toGsm7('Adébáyọ̀ Ọlámídé Ɗanjuma Ƙabir')).toBe('Adébayo Olamidé Danjuma Kabir');
    expect(toGsm7('Chidi 😀')).toBe('Chidi ');
    // An accent typed as a separate mark joins its letter where GSM-7 has the pair (é), and goes where not.
    expect(toGsm7('Chine\u0301du Ada\u0301')).toBe('Chinédu Ada');
  });

  it('keeps what is GSM-7 already, euro and braces included', () => {
    fc.assert(
      fc.property(gsmText, (text) => {
        expect(toGsm7(text)).toBe(text);
      }),
    );
  });

  it('makes any text GSM-7, and a second pass changes nothing', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const safe = toGsm7(text);
        expect(smsEncoding(safe).encoding).toBe('GSM-7');
        expect(toGsm7(safe)).toBe(safe);
      }),
    );
  });

  it('writes amounts as NGN with grouping, kobo only where there are some', () => {
    expect(smsNaira(15_000_000n)).toBe('NGN 150,000');
    expect(smsNaira(15_000_050n)).toBe('NGN 150,000.50');
    expect(smsNaira(-100_000n)).toBe('-NGN 1,000');
    expect(smsNaira(5n)).toBe('NGN 0.05');
    expect(smsNaira(0n)).toBe('NGN 0');
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_KOBO, max: MAX_KOBO }), (kobo) => {
        const text = smsNaira(kobo);
        expect(text).toMatch(/^-?NGN \d{1,3}(?:,\d{3})*(?:\.\d{2})?$/);
        const digits = BigInt(text.replace(/\D/g, ''));
        expect(text.includes('.') ? digits : digits * 100n).toBe(kobo < 0n ? -kobo : kobo);
      }),
    );
  });
});

describe('SMS composers', () => {
  it('writes a receipt, a transfer confirmation and a phone code', () => {
    const paid = {
      schoolName: 'Greenfield College',
      studentName: 'Ada Obi',
      amountKobo: 15_000_000n,
      receiptNo: 'GFC-2026-000123',
      link: 'https://sl.example.ng/m/Xy12',
    };
    expect(receiptSms(paid)).toBe(
      'Greenfield College: NGN 150,000 received for Ada Obi. Receipt GFC-2026-000123 https://sl.example.ng/m/Xy12 Reply STOP to opt out',
    );
    expect(transferConfirmedSms(paid)).toBe(
      'Greenfield College: NGN 150,000 transfer for Ada Obi confirmed. Receipt GFC-2026-000123 https://sl.example.ng/m/Xy12 Reply STOP to opt out',
    );
    expect(phoneCodeSms({ code: '123456' })).toBe(
      'Your SchoolLedger code is 123456. It expires in 10 minutes. Do not share it.',
    );
  });

  it('cuts long names, with no ellipsis and nothing dangling, to keep a receipt on one page', () => {
    const text = receiptSms({
      schoolName: 'Greenfield International Secondary College, Lekki',
      studentName: 'Oluwaseun Adebayo-Williamson',
      amountKobo: 9_999_999_999n,
      receiptNo: 'GFISCL-2026-000123',
      link: 'https://schoolledger.example.ng/m/Xy12Ab',
    });
    expect(text).toBe(
      'Greenfield Interna: NGN 99,999,999.99 received for Oluwaseun Adebayo. Receipt GFISCL-2026-000123 https://schoolledger.example.ng/m/Xy12Ab Reply STOP to opt out',
    );
    expect(smsEncoding(text).pages).toBe(1);
  });

  it('writes names in GSM-7, with a stand-in for a name that has no GSM-7 letters', () => {
    const text = receiptSms({
      schoolName: 'Ọ̀yọ́ “Model” School',
      studentName: '王小明',
      amountKobo: 500_000n,
      receiptNo: 'OMS-2026-000001',
      link: 'https://sl.example.ng/m/1',
    });
    expect(text).toBe(
      'Oyo "Model" School: NGN 5,000 received for your child. Receipt OMS-2026-000001 https://sl.example.ng/m/1 Reply STOP to opt out',
    );
  });

  it('fits a receipt or a confirmation on one page for ordinary names, the figures and link whole', () => {
    fc.assert(
      fc.property(payment(name(40), name(30)), fc.constantFrom(receiptSms, transferConfirmedSms), (paid, compose) => {
        const text = compose(paid);
        expect(smsEncoding(text)).toMatchObject({ encoding: 'GSM-7', pages: 1 });
        expect(text.startsWith(paid.schoolName.slice(0, 8).trimEnd())).toBe(true);
        expect(text).toContain(paid.studentName.slice(0, 8).trimEnd());
        expect(text).toContain(` ${smsNaira(paid.amountKobo)} `);
        expect(text).toContain(` ${paid.receiptNo} ${paid.link} `);
        expect(text.endsWith(` ${SMS_OPT_OUT}`)).toBe(true);
      }),
    );
  });

  it('keeps any names to two pages at most, the figures and link whole', () => {
    fc.assert(
      fc.property(payment(anyName, anyName), fc.constantFrom(receiptSms, transferConfirmedSms), (paid, compose) => {
        const text = compose(paid);
        expect(smsEncoding(text).encoding).toBe('GSM-7');
        expect(smsEncoding(text).pages).toBeLessThanOrEqual(2);
        expect(text).toContain(` ${smsNaira(paid.amountKobo)} `);
        expect(text).toContain(` ${paid.receiptNo} ${paid.link} `);
        expect(text.endsWith(` ${SMS_OPT_OUT}`)).toBe(true);
      }),
    );
  });

  it('reminds a family in one message: each child with their balance, the total and the due date', () => {
    const family = {
      schoolName: 'Greenfield College',
      dueDate: '2026-12-05',
      link: 'https://sl.example.ng/p/Xy12',
    };
    expect(reminderSms({ ...family, children: [{ name: 'Ada Obi', balanceKobo: 15_000_000n }] })).toBe(
      'Greenfield College: NGN 150,000 in fees outstanding for Ada Obi, due 5 Dec. Pay: https://sl.example.ng/p/Xy12 Reply STOP to opt out',
    );
    expect(
      reminderSms({
        ...family,
        dueDate: '2027-01-31',
        children: [
          { name: 'Ada Obi', balanceKobo: 15_000_000n },
          { name: 'Chidi Obi', balanceKobo: 8_000_050n },
        ],
      }),
    ).toBe(
      'Greenfield College: fees outstanding for Ada Obi NGN 150,000, Chidi Obi NGN 80,000.50; total NGN 230,000.50, due 31 Jan. Pay: https://sl.example.ng/p/Xy12 Reply STOP to opt out',
    );
    expect(reminderSms({ ...family, dueDate: null, children: [{ name: 'Ada Obi', balanceKobo: 15_000_000n }] })).toBe(
      'Greenfield College: NGN 150,000 in fees outstanding for Ada Obi. Pay: https://sl.example.ng/p/Xy12 Reply STOP to opt out',
    );
    expect(() => reminderSms({ ...family, children: [] })).toThrow(RangeError);
  });

  it('fits a one-child reminder on one page and up to four children on two, every amount whole', () => {
    const child = fc.record({ name: name(30), balanceKobo: amount });
    fc.assert(
      fc.property(
        name(40),
        fc.array(child, { minLength: 1, maxLength: 4 }),
        fc.option(fc.date({ min: new Date('2020-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })),
        link,
        (schoolName, children, due, link) => {
          const dueDate = due ? due.toISOString().slice(0, 10) : null;
          const text = reminderSms({ schoolName, children, dueDate, link });
          const total = children.reduce((sum, { balanceKobo }) => sum + balanceKobo, 0n);
          expect(smsEncoding(text).encoding).toBe('GSM-7');
          expect(smsEncoding(text).pages).toBeLessThanOrEqual(children.length === 1 ? 1 : 2);
          for (const { name, balanceKobo } of children) {
            expect(text).toContain(name.slice(0, 8).trimEnd());
            expect(text).toContain(smsNaira(balanceKobo));
          }
          expect(text.includes(`; total ${smsNaira(total)}`)).toBe(children.length > 1);
          expect(text.includes(', due ')).toBe(dueDate !== null);
          expect(text).toContain(` ${link} `);
          expect(text.endsWith(` ${SMS_OPT_OUT}`)).toBe(true);
        },
      ),
    );
  });
});

describe('announcementSms', () => {
  it('keeps a short announcement whole, with the school and the way out', () => {
    expect(
      announcementSms({
        schoolName: 'Crestview College',
        title: 'Sports day',
        message: 'Parents are welcome on Friday.',
      }),
    ).toBe('Crestview College: Sports day. Parents are welcome on Friday. Reply STOP to opt out');
  });

  it('cuts a long one to three pages of GSM-7, marking the cut, never the school or the opt-out line', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), fc.string({ maxLength: 80 }), (message, title) => {
        const sms = announcementSms({ schoolName: 'Crestview College', title, message });
        const size = smsEncoding(sms);
        expect(size.encoding).toBe('GSM-7');
        expect(size.pages).toBeLessThanOrEqual(3);
        expect(sms.startsWith('Crestview College: ')).toBe(true);
        expect(sms.endsWith('Reply STOP to opt out')).toBe(true);
      }),
    );
    const long = announcementSms({ schoolName: 'Crestview College', title: 'Notice', message: 'word '.repeat(200) });
    expect(long).toContain('... Reply STOP to opt out');
  });
});
