import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatKobo, formatNaira, showWholeNaira } from '@schoolledger/domain';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * Every amount on screen goes through the domain's formatNaira / formatKobo, which follow the
 * group's "whole naira" setting: a screen that formats naira its own way shows ₦45,000 beside
 * ₦45,000.00. These are the ways a component could do it by hand.
 */
const HAND_FORMATTING: [string, RegExp][] = [
  ['a ₦ put before an interpolated number', /₦\$\{|₦\{/],
  ['a ₦ joined to a number with +', /['"`]₦['"`]\s*\+|\+\s*['"`]₦['"`]/],
  ['an Intl or toLocaleString currency format of its own', /currency:\s*['"]NGN['"]/],
  ['toLocaleString on a line that prints ₦', /₦.*toLocaleString\(|toLocaleString\(.*₦/],
  ['whole naira forced past the group setting', /whole:\s*true/],
];

const SOURCE = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function handFormatted(text: string): string[] {
  return text.split('\n').flatMap((line, index) =>
    // A comment may show what an amount looks like ('−₦100.05').
    /^\s*(\/\/|\*|\/\*)/.test(line)
      ? []
      : HAND_FORMATTING.filter(([, pattern]) => pattern.test(line)).map(([what]) => `${index + 1}: ${what}`),
  );
}

describe('one money format on every screen', () => {
  afterEach(() => showWholeNaira(false));

  it('the checks catch each way of formatting naira by hand', () => {
    const samples = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source text, not a template
      'const a = `₦${amount}`;',
      '<span>₦{total.toLocaleString()}</span>',
      "const b = '₦' + value;",
      "new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' })",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source text, not a template
      "const c = `${n.toLocaleString('en-NG')} ₦`;",
      'formatKobo(kobo, { whole: true })',
    ];
    for (const sample of samples) expect(handFormatted(sample), sample).not.toEqual([]);
    expect(handFormatted("<FormField label='Amount (₦)'>")).toEqual([]);
    expect(handFormatted("value={count.toLocaleString('en-NG')}")).toEqual([]);
  });

  it('no component or module of the web formats naira by hand', () => {
    const files = sourceFiles(SOURCE);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      handFormatted(readFileSync(file, 'utf8')).map((where) => `${path.relative(SOURCE, file)}:${where}`),
    );
    expect(found).toEqual([]);
  });

  it('the one formatter shows kobo, or whole naira where the group asks and nothing is lost', () => {
    expect(formatKobo(26_750_000n)).toBe('₦267,500.00');
    showWholeNaira(true);
    expect(formatKobo(26_750_000n)).toBe('₦267,500');
    expect(formatKobo(1_250_050n)).toBe('₦12,500.50');
    expect(formatNaira(12_500.5)).toBe('₦12,500.50');
  });
});
