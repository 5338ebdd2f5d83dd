/** 'Term', from 'term'. */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** '1 student', '3 students'; the plural is given where adding an s is wrong. */
export function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** At most `max` characters, an ellipsis marking a cut: stored titles and subjects have a length limit. */
export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
