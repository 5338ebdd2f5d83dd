/** 'Term', from 'term'. */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** '1 student', '3 students'; the plural is given where adding an s is wrong. */
export function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}
