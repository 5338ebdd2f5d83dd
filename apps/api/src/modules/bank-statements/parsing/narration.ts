/** Any run of whitespace (a wrapped cell's line breaks included) as one space, ends trimmed. */
export const collapseWhitespace = (text: string) => text.replace(/\s+/g, ' ').trim();

/*
 * Banks book a reversal as a fresh line whose narration starts REV or REVERSAL ("REV/NIP/...",
 * "REVERSAL OF ..."). The word boundary keeps "REVENUE ..." out.
 */
const REVERSAL = /^REV(?:ERSAL)?\b/i;

export const isReversalNarration = (narration: string) => REVERSAL.test(narration);
