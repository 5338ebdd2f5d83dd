/** 'Term', from 'term'. */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** '1 student', '3 students'; the plural is given where adding an s is wrong. */
export function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** At most `max` characters, an ellipsis marking a cut: stored titles and subjects have a length limit. */
export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Characters no name needs and that hide or reorder what a reader sees: control and format
 * characters (zero-width spaces and joiners, the word joiner, the byte-order mark, direction
 * marks, overrides and isolates such as U+202E) and halves of surrogate pairs.
 */
const HIDDEN_IN_NAME = /[\p{Cc}\p{Cf}\p{Cs}]/u;
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

/**
 * Why a name cannot be kept, if it cannot: a hidden character in it (`hidden`), or nothing a
 * reader can see and tell apart from another name (`noLetter`). An empty name is left to the
 * field's own "required" rule.
 */
export function nameProblem(name: string): 'hidden' | 'noLetter' | null {
  if (name === '') return null;
  if (HIDDEN_IN_NAME.test(name)) return 'hidden';
  return LETTER_OR_NUMBER.test(name) ? null : 'noLetter';
}
