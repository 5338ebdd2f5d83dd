import { z } from 'zod';
import { formatNaira, type Kobo, koboToNaira, MAX_KOBO, MAX_NAIRA, parseNaira } from '../money.js';

/** The one field error for an amount that is not naira with at most two decimals (issue 9). */
export const NAIRA_AMOUNT_MESSAGE = 'Enter an amount in naira with at most two decimal places';
/** SPEC §5 (fee and cash forms). */
export const AMOUNT_POSITIVE_MESSAGE = 'Amount must be greater than 0';
export const AMOUNT_MAX_MESSAGE = `Amount must be at most ${formatNaira(MAX_NAIRA, { whole: true })}`;

export interface NairaAmountRules {
  /** The smallest amount accepted, in kobo (default 1 kobo: anything above zero). */
  min?: Kobo;
  /** Shown below `min` (when zero or a negative has a message of its own, for those). */
  belowMin?: string;
  /** Shown for a negative amount and for zero when zero is below `min`. */
  notPositive?: string;
}

/**
 * The naira-to-kobo codec every amount of a request goes through, on the server (Fastify
 * validation hands handlers the kobo bigint) and in the web's forms (same checks, same messages,
 * and `z.encode` gives back the naira to send). The wire side is a JSON number or a decimal string
 * (multipart forms and text inputs send strings).
 */
export function nairaAmount(rules: NairaAmountRules = {}) {
  const min = rules.min ?? 1n;
  const notPositive = rules.notPositive ?? AMOUNT_POSITIVE_MESSAGE;
  const belowMin = rules.belowMin ?? notPositive;
  return z.codec(
    z.union([z.number(), z.string()], { error: NAIRA_AMOUNT_MESSAGE }).meta({
      description: `Naira with at most two decimal places, at most ${formatNaira(MAX_NAIRA, { whole: true })}; a number or a decimal string such as "1050.50". More decimals, a sign, an exponent, NaN or Infinity are refused (422), never rounded.`,
      examples: [1050.5],
    }),
    z.bigint(),
    {
      decode: (value, ctx) => {
        const fail = (message: string) => {
          ctx.issues.push({ code: 'custom', message, input: value });
          return z.NEVER;
        };
        const text = typeof value === 'number' ? String(value) : value.trim();
        if (text === '') return fail(notPositive);
        const negative = text.startsWith('-');
        const kobo = parseNaira(negative ? text.slice(1) : text);
        if (kobo === null) return fail(NAIRA_AMOUNT_MESSAGE);
        if (negative && kobo > 0n) return fail(notPositive);
        if (kobo > MAX_KOBO) return fail(AMOUNT_MAX_MESSAGE);
        if (kobo < min) return fail(kobo === 0n && min > 0n ? notPositive : belowMin);
        return kobo;
      },
      encode: (kobo) => koboToNaira(kobo),
    },
  );
}

/** An amount above zero: fees. */
export const nairaAmountSchema = nairaAmount();

/**
 * Every amount of a response: kobo on both sides of the API (handlers return the bigint, the web's
 * `schema.parse` gives it back), a JSON number of naira on the wire (the API's serializer encodes
 * with the schema). The wire type sits in the metadata because JSON Schema has no bigint: the
 * OpenAPI document is generated from the output side, which would otherwise be left untyped.
 */
export const nairaResponseAmount = z
  .codec(z.number(), z.bigint(), {
    decode: (naira, ctx) => {
      const kobo = parseNaira(Math.abs(naira));
      if (kobo === null) {
        ctx.issues.push({ code: 'custom', message: NAIRA_AMOUNT_MESSAGE, input: naira });
        return z.NEVER;
      }
      return naira < 0 ? -kobo : kobo;
    },
    encode: (kobo) => koboToNaira(kobo),
  })
  .meta({ type: 'number', description: 'Naira, at most two decimal places', examples: [1050.5] });
