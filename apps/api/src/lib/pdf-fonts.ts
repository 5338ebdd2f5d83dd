import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/* The PDF standard fonts have no naira sign (U+20A6); DejaVu has it, and ships as a package. */
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const FONT_FILES = {
  sans: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
  monoBold: 'DejaVuSansMono-Bold.ttf',
} as const;
export type FontName = keyof typeof FONT_FILES;
let fontBytes: Record<FontName, Buffer> | undefined;

/** The fonts every PDF the app writes embeds (receipts, reports), read once. */
export function pdfFonts(): Record<FontName, Buffer> {
  fontBytes ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(path.join(FONT_DIR, file))]),
  ) as Record<FontName, Buffer>;
  return fontBytes;
}
