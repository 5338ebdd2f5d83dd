import { inflateSync } from 'node:zlib';

/**
 * The text a reader of the PDF sees: content streams decoded through each embedded font's
 * ToUnicode map, one line per text run. Enough for what pdfkit writes; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; data: string | null }>();
  const start = /(\d+) 0 obj\n/g;
  for (let match = start.exec(raw); match; match = start.exec(raw)) {
    const from = match.index + match[0].length;
    const streamAt = raw.indexOf('\nstream\n', from);
    const endAt = raw.indexOf('\nendobj', from);
    if (streamAt !== -1 && streamAt < endAt) {
      const dict = raw.slice(from, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const bytes = Buffer.from(raw.slice(streamAt + 8, streamAt + 8 + length), 'latin1');
      const data = dict.includes('/FlateDecode') ? inflateSync(bytes).toString('latin1') : bytes.toString('latin1');
      objects.set(match[1]!, { dict, data });
      start.lastIndex = streamAt + 8 + length;
    } else {
      objects.set(match[1]!, { dict: raw.slice(from, endAt), data: null });
    }
  }
  const cmapOf = (objectId: string) => {
    const map = new Map<number, string>();
    const text = objects.get(objectId)?.data ?? '';
    for (const range of text.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/g)) {
      let code = Number.parseInt(range[1]!, 16);
      for (const entry of range[2]!.matchAll(/<([0-9a-f ]+)>/g)) {
        map.set(code++, String.fromCharCode(...entry[1]!.split(' ').map((hex) => Number.parseInt(hex, 16))));
      }
    }
    return map;
  };
  const fontMaps = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const ref of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(ref[2]!)?.dict ?? '')?.[1];
      if (toUnicode) fontMaps.set(ref[1]!, cmapOf(toUnicode));
    }
  }
  const lines: string[] = [];
  for (const { data } of objects.values()) {
    if (!data?.includes(' Tf')) continue;
    let font = new Map<number, string>();
    for (const op of data.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (op[1]) {
        font = fontMaps.get(op[1]) ?? new Map();
        continue;
      }
      let line = '';
      for (const hex of op[2]!.matchAll(/<([0-9a-f]*)>/g)) {
        for (let i = 0; i < hex[1]!.length; i += 4)
          line += font.get(Number.parseInt(hex[1]!.slice(i, i + 4), 16)) ?? '';
      }
      lines.push(line);
    }
  }
  return lines.join('\n');
}
