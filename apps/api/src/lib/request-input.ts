import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * How deeply a request's JSON may nest. Our deepest contract is a few levels; beyond this a body
 * is refused before anything walks it, so no walk over input costs more than its size.
 */
export const MAX_INPUT_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text opens more than `maxDepth` arrays and objects inside one another. Read from
 * the text, before parsing: parsing a deeply nested body alone blocks the server for a second a
 * megabyte, and this stops at the first bracket too many. Brackets inside strings do not count;
 * text that is not JSON is left for the parser to refuse.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      if (++depth > maxDepth) return true;
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/** Text PostgreSQL cannot store: a NUL, or half of a surrogate pair (which no UTF-8 can encode). */
export type TextFault = 'nul' | 'loneSurrogate';

const LONE_SURROGATE = /\p{Cs}/u;

function faultOf(text: string): TextFault | null {
  if (text.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'loneSurrogate' : null;
}

/** A value met on the walk, with the way back to the root: a path is spelled only for a fault found. */
interface Step {
  value: unknown;
  key: string;
  parent: Step | null;
}

function pathOf(step: Step): string {
  const keys: string[] = [];
  for (let at: Step | null = step; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The first text in `data` (a key or a value) PostgreSQL could not store, and the path to it
 * (`notes`, `items.0.name`; empty for `data` itself). Linear in the size of `data`: each value is
 * visited once and keeps a pointer to its parent rather than a copy of its path.
 */
export function unstorableText(data: unknown): { fault: TextFault; field: string } | null {
  const pending: Step[] = [{ value: data, key: '', parent: null }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    const { value } = step;
    if (typeof value === 'string') {
      const fault = faultOf(value);
      if (fault) return { fault, field: pathOf(step) };
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const child = { value: inner, key, parent: step };
        const fault = faultOf(key);
        if (fault) return { fault, field: pathOf(child) };
        pending.push(child);
      }
    }
  }
  return null;
}

const FAULT_WORDING: Record<TextFault, string> = {
  nul: 'must not contain a NUL character',
  loneSurrogate: 'must not contain an invalid character',
};

/** What a 422 says of the fault: `name must not contain a NUL character`. */
export function textFaultMessage(fault: TextFault, field: string): string {
  return `${field} ${FAULT_WORDING[fault]}`;
}

const TOO_DEEP = 'The request is nested too deeply';

/**
 * JSON bodies nested deeper than MAX_INPUT_DEPTH are a 400 before they are parsed; the rest are
 * parsed as Fastify does by default (a `__proto__` or `constructor` key refused).
 */
export function parseJsonWithDepthLimit(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (jsonNestsDeeperThan(text)) return done(badRequest(TOO_DEEP), undefined);
    return parseJson(request, text, done);
  });
}
