import PDFDocument from 'pdfkit';
import { pdfFonts } from '../pdf-fonts.js';
import {
  type AnySection,
  type Cell,
  type Column,
  type ColumnKind,
  dayText,
  koboOf,
  type Letterhead,
  lagosText,
  numberOf,
  type ReportDocument,
  RowProgress,
  sectionTotals,
  textOf,
  widthOf,
} from './table.js';

const MARGIN = 36;
/** Room kept above the bottom margin for the footer line. */
const FOOTER_SPACE = 14;
const FONT_SIZE = 7.5;
const CELL_PAD_Y = 3;
/** Wide enough that a right-aligned amount does not run into the text of the next column. */
const CELL_PAD_X = 5;
const LOGO_HEIGHT = 40;
const LOGO_MAX_WIDTH = 160;
/** A section starts on a new page when fewer rows than this would fit under its header. */
const MIN_ROWS_ON_PAGE = 3;
/** Widest sum of column widths that still reads well on a portrait page. */
const PORTRAIT_WIDTH = 100;
const EMPTY_NOTE = 'No entries match these filters.';
const EMPTY_NOTE_HEIGHT = 22;
const SECTION_GAP = 16;
const INK = '#111827';
const MUTED = '#6b7280';
const RULE = '#e5e7eb';
const HEADER_FILL = '#ecfdf5';

type AnyColumn = Column<Record<string, Cell>>;
type Pdf = PDFKit.PDFDocument;
type RowStyle = 'header' | 'body' | 'total';

/** Where content may go on a page; every page of a document has the same. */
interface Frame {
  left: number;
  width: number;
  top: number;
  bottom: number;
}

/** One formatter for every figure: building one per cell cost more than drawing the cell. */
const GROUPED = new Intl.NumberFormat('en-NG');

/** -₦1,234.50, from the kobo so no float rounding reaches a printed amount. */
function nairaText(kobo: bigint): string {
  const abs = kobo < 0n ? -kobo : kobo;
  return `${kobo < 0n ? '-' : ''}₦${GROUPED.format(abs / 100n)}.${String(abs % 100n).padStart(2, '0')}`;
}

function cellText(kind: ColumnKind, value: Cell): string {
  switch (kind) {
    case 'date':
      return lagosText(value);
    case 'day':
      return dayText(value);
    case 'money': {
      const kobo = koboOf(value);
      return kobo === null ? '' : nairaText(kobo);
    }
    case 'number': {
      const number = numberOf(value);
      return number === null ? '' : GROUPED.format(number);
    }
    case 'text':
      return textOf(value);
  }
}

const isFigure = (column: AnyColumn) => column.kind === 'money' || column.kind === 'number';
const widthSum = (section: AnySection) => section.columns.reduce((sum, column) => sum + widthOf(column), 0);

function orientationOf(document: ReportDocument): 'portrait' | 'landscape' {
  if (document.orientation) return document.orientation;
  const widest = Math.max(0, ...document.sections.map(widthSum));
  return widest <= PORTRAIT_WIDTH ? 'portrait' : 'landscape';
}

type FontName = 'sans' | 'bold';
const fontOf = (style: RowStyle): FontName => (style === 'body' ? 'sans' : 'bold');

/**
 * Each character's advance width in each font, learnt once. Wrapping by these sums (kerning aside,
 * which the column padding absorbs) avoids pdfkit's line wrapper, which lays out every piece it
 * tries of a long unique token (a hash, a record id) and made long reports take seconds.
 */
class CharacterWidths {
  private readonly widths: Record<FontName, Map<string, number>> = { sans: new Map(), bold: new Map() };

  constructor(private readonly pdf: Pdf) {}

  /** A measurer for one font; the document must be set to that font and FONT_SIZE while it is used. */
  of(font: FontName): (char: string) => number {
    const known = this.widths[font];
    return (char) => {
      let width = known.get(char);
      if (width === undefined) {
        width = this.pdf.widthOfString(char);
        known.set(char, width);
      }
      return width;
    };
  }
}

const ELLIPSIS = '…';

function widthOfText(text: string, charWidth: (char: string) => number): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/** Splits a token wider than a line into pieces that each fit (at least one character each). */
function breakToken(token: string, maxWidth: number, charWidth: (char: string) => number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let width = 0;
  for (const char of token) {
    const advance = charWidth(char);
    if (piece && width + advance > maxWidth) {
      pieces.push(piece);
      piece = '';
      width = 0;
    }
    piece += char;
    width += advance;
  }
  pieces.push(piece);
  return pieces;
}

/** Greedy line breaking at spaces and line feeds; a token longer than a line breaks anywhere. */
function wrapText(text: string, maxWidth: number, charWidth: (char: string) => number): string[] {
  const lines: string[] = [];
  const space = charWidth(' ');
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(' ')) {
      const wordWidth = widthOfText(word, charWidth);
      if (line && lineWidth + space + wordWidth <= maxWidth) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      const pieces = wordWidth > maxWidth ? breakToken(word, maxWidth, charWidth) : [word];
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1)!;
      lineWidth = widthOfText(line, charWidth);
    }
    lines.push(line);
  }
  return lines;
}

/** The first lines that fit, the last one ending in an ellipsis when some were cut. */
function clipLines(lines: string[], maxLines: number, maxWidth: number, charWidth: (char: string) => number) {
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(1, maxLines));
  let last = kept.at(-1)!;
  while (last && widthOfText(`${last}${ELLIPSIS}`, charWidth) > maxWidth) last = last.slice(0, -1);
  kept[kept.length - 1] = `${last}${ELLIPSIS}`;
  return kept;
}

/** What priming needs of pdfkit's embedded font (internal API; absent, priming is skipped). */
interface GlyphRun {
  glyphs: unknown[];
  positions: unknown[];
  advanceWidth: number;
}
interface CachingFont {
  layoutCache?: Record<string, GlyphRun>;
  layoutCached(text: string): GlyphRun;
}

/** pdfkit lays text out in chunks that end at a space or tab; its cache is keyed by those chunks. */
const LAYOUT_CHUNKS = /[^ \t]+[ \t]?|[ \t]/g;
/** Plain ASCII (and the naira sign) with a digit: amounts, times, ids and hashes, unique row after row. */
const FIGURE_CHUNK = /^(?=.*\d)[\x20-\x7e₦]+$/;

/**
 * Fills pdfkit's layout cache for chunks such as amounts, times and ids from the layouts of their
 * characters. Shaping each of those unique chunks with the OpenType engine cost more than the rest
 * of the document together; these characters neither ligate nor kern in a way a table shows.
 */
function primeFigureLayouts(pdf: Pdf, text: string) {
  if (!/\d/.test(text)) return;
  const font = (pdf as unknown as { _font?: CachingFont })._font;
  const cache = font?.layoutCache;
  if (!cache || typeof font.layoutCached !== 'function') return;
  for (const chunk of text.match(LAYOUT_CHUNKS) ?? []) {
    if (chunk in cache || !FIGURE_CHUNK.test(chunk)) continue;
    const run: GlyphRun = { glyphs: [], positions: [], advanceWidth: 0 };
    for (const char of chunk) {
      const part = font.layoutCached(char);
      run.glyphs.push(...part.glyphs);
      run.positions.push(...part.positions);
      run.advanceWidth += part.advanceWidth;
    }
    cache[chunk] = run;
  }
}

/** A cell ready to draw: its wrapped lines and where they go (left edge and width inside the padding). */
interface LaidCell {
  lines: string[];
  left: number;
  width: number;
  alignRight: boolean;
}

/** A row ready to draw: its cells and its height. */
interface LaidRow {
  style: RowStyle;
  cells: LaidCell[];
  height: number;
}

/**
 * Widths by the columns' relative weights, except that no column is narrower than its minimum:
 * those that would be are set to it and the rest share what is left, again by weight. When even
 * the minimums do not fit, the columns that can wrap (text) give up the same share of theirs and
 * the figures keep theirs, so an amount is never broken across lines; only when the figures alone
 * do not fit does every column shrink alike.
 */
function fitWidths(weights: number[], minimums: number[], total: number, rigid: boolean[]): number[] {
  const pinned = new Set<number>();
  let widths: number[] = [];
  for (;;) {
    const free = total - [...pinned].reduce((sum, index) => sum + minimums[index]!, 0);
    const freeWeight = weights.reduce((sum, weight, index) => (pinned.has(index) ? sum : sum + weight), 0);
    widths = weights.map((weight, index) =>
      pinned.has(index) || freeWeight === 0 ? minimums[index]! : (weight / freeWeight) * free,
    );
    const tooNarrow = widths.flatMap((width, index) => (!pinned.has(index) && width < minimums[index]! ? [index] : []));
    if (!tooNarrow.length) break;
    for (const index of tooNarrow) pinned.add(index);
  }
  const used = widths.reduce((sum, width) => sum + width, 0);
  if (used <= total) return widths;
  const kept = widths.reduce((sum, width, index) => (rigid[index] ? sum + width : sum), 0);
  if (kept >= total) return widths.map((width) => (width * total) / used);
  const share = (total - kept) / (used - kept);
  return widths.map((width, index) => (rigid[index] ? width : width * share));
}

/** A text column never claims more than this share of the width for one unbroken word (a hash wraps). */
const LONGEST_WORD_SHARE = 0.25;

/**
 * The narrowest each column may be: the longest word of its header; for amounts and counts the
 * widest value (the totals in bold), so a figure is never broken across lines; for text the
 * longest word (a receipt number, a reference), up to a share of the page.
 */
function minimumWidths(
  pdf: Pdf,
  columns: AnyColumn[],
  body: string[][],
  totals: string[] | null,
  charWidths: CharacterWidths,
  frameWidth: number,
): number[] {
  const widest = (texts: Iterable<string>, font: FontName) => {
    pdf.font(font).fontSize(FONT_SIZE);
    const charWidth = charWidths.of(font);
    let width = 0;
    for (const text of texts) width = Math.max(width, widthOfText(text, charWidth));
    return width;
  };
  return columns.map((column, index) => {
    const header = widest(column.header.split(/\s+/), 'bold');
    if (!isFigure(column)) {
      const words = widest(
        body.flatMap((row) => row[index]!.split(/\s+/)),
        'sans',
      );
      return Math.max(header, Math.min(words, frameWidth * LONGEST_WORD_SHARE)) + 2 * CELL_PAD_X;
    }
    const values = widest(
      body.map((row) => row[index]!),
      'sans',
    );
    const total = totals ? widest([totals[index]!], 'bold') : 0;
    return Math.max(header, values, total) + 2 * CELL_PAD_X;
  });
}

/** One section's columns laid across the frame by their relative widths, and how to draw its rows. */
class TableLayout {
  private readonly widths: number[];
  private readonly lefts: number[];

  constructor(
    private readonly pdf: Pdf,
    private readonly columns: AnyColumn[],
    private readonly frame: Frame,
    private readonly charWidths: CharacterWidths,
    minimums: number[],
  ) {
    this.widths = fitWidths(
      columns.map((column) => widthOf(column)),
      minimums,
      frame.width,
      columns.map(isFigure),
    );
    let left = frame.left;
    this.lefts = this.widths.map((width) => {
      const at = left;
      left += width;
      return at;
    });
  }

  /**
   * Every cell wrapped inside its column; the row is as tall as its tallest cell, but never taller
   * than a page under its header (a huge cell is cut with an ellipsis instead).
   */
  layRow(texts: string[], style: RowStyle, headerHeight = 0): LaidRow {
    const font = fontOf(style);
    this.pdf.font(font).fontSize(FONT_SIZE);
    const charWidth = this.charWidths.of(font);
    const lineHeight = this.pdf.currentLineHeight(true);
    const maxLines = Math.floor((this.frame.bottom - this.frame.top - headerHeight - 2 * CELL_PAD_Y) / lineHeight);
    const cells = this.placeCells(texts, style).map(({ text, ...place }) => ({
      ...place,
      lines: clipLines(wrapText(text, place.width, charWidth), maxLines, place.width, charWidth),
    }));
    const tallest = Math.max(1, ...cells.map((cell) => cell.lines.length));
    return { style, cells, height: tallest * lineHeight + 2 * CELL_PAD_Y };
  }

  drawRow(row: LaidRow, y: number) {
    const { pdf, frame } = this;
    if (row.style === 'header') pdf.rect(frame.left, y, frame.width, row.height).fill(HEADER_FILL);
    if (row.style === 'total') this.rule(y, INK, 0.75);
    this.rule(y + row.height, RULE, 0.5);
    pdf.font(fontOf(row.style)).fontSize(FONT_SIZE).fillColor(INK);
    const lineHeight = pdf.currentLineHeight(true);
    for (const cell of row.cells) {
      cell.lines.forEach((line, lineIndex) => {
        if (!line) return;
        primeFigureLayouts(pdf, line);
        const x = cell.alignRight ? cell.left + cell.width - pdf.widthOfString(line) : cell.left;
        pdf.text(line, x, y + CELL_PAD_Y + lineIndex * lineHeight, { lineBreak: false });
      });
    }
  }

  /**
   * Where each text goes: its column, figures to the right. In the totals row the label runs on
   * over the empty cells after it, so a narrow first column (a row number) does not break "Total".
   */
  private placeCells(texts: string[], style: RowStyle) {
    const placed: { text: string; left: number; width: number; alignRight: boolean }[] = [];
    for (let index = 0; index < texts.length; index++) {
      const column = this.columns[index]!;
      const left = this.lefts[index]! + CELL_PAD_X;
      if (style === 'total' && !column.total) {
        let last = index;
        while (last + 1 < texts.length && !texts[last + 1]) last++;
        const right = this.lefts[last]! + this.widths[last]! - CELL_PAD_X;
        placed.push({ text: texts[index]!, left, width: right - left, alignRight: false });
        index = last;
        continue;
      }
      placed.push({ text: texts[index]!, left, width: this.innerWidth(index), alignRight: isFigure(column) });
    }
    return placed;
  }

  private innerWidth(index: number) {
    return this.widths[index]! - 2 * CELL_PAD_X;
  }

  private rule(y: number, color: string, width: number) {
    const { pdf, frame } = this;
    pdf
      .moveTo(frame.left, y)
      .lineTo(frame.left + frame.width, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  }
}

/** pdfkit reads the image to learn its size; its types leave `openImage` out. */
type ImageOpener = { openImage(src: Buffer): { width: number; height: number } };

/** The logo drawn at the top left, or nothing when pdfkit cannot read the bytes; returns the width used. */
function drawLogo(pdf: Pdf, logo: Uint8Array | null | undefined, frame: Frame): number {
  if (!logo?.length) return 0;
  try {
    const image = (pdf as unknown as ImageOpener).openImage(Buffer.from(logo));
    const scale = Math.min(LOGO_HEIGHT / image.height, LOGO_MAX_WIDTH / image.width);
    const width = image.width * scale;
    pdf.image(image as unknown as Buffer, frame.left, frame.top, { width, height: image.height * scale });
    return width;
  } catch {
    return 0;
  }
}

/** The school's name and contacts beside its logo, over a thin rule; returns where the page continues. */
function drawLetterhead(pdf: Pdf, letterhead: Letterhead, frame: Frame): number {
  const logoWidth = drawLogo(pdf, letterhead.logo, frame);
  const left = logoWidth ? frame.left + logoWidth + 10 : frame.left;
  const width = frame.left + frame.width - left;
  pdf.font('bold').fontSize(17).fillColor(INK).text(letterhead.name, left, frame.top, { width });
  pdf.font('sans').fontSize(8.5).fillColor(MUTED);
  const contacts = [letterhead.phone, letterhead.email].filter(Boolean).join('  ·  ');
  for (const line of [letterhead.address, contacts]) {
    if (line) pdf.text(line, left, pdf.y + 1, { width });
  }
  const ruleAt = Math.max(pdf.y, logoWidth ? frame.top + LOGO_HEIGHT : 0) + 8;
  pdf
    .moveTo(frame.left, ruleAt)
    .lineTo(frame.left + frame.width, ruleAt)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  return ruleAt + 12;
}

function drawTitle(pdf: Pdf, document: ReportDocument, frame: Frame, y: number): number {
  pdf.font('bold').fontSize(14).fillColor(INK).text(document.title, frame.left, y, { width: frame.width });
  pdf.font('sans').fontSize(8.5).fillColor(MUTED);
  for (const line of document.subtitle) pdf.text(line, frame.left, pdf.y + 1, { width: frame.width });
  return pdf.y + 12;
}

function headingHeight(pdf: Pdf, title: string, frame: Frame): number {
  if (!title) return 0;
  return pdf.font('bold').fontSize(10).heightOfString(title, { width: frame.width }) + 5;
}

/**
 * A section: its heading, the header row, the rows (the header drawn again at the top of every page
 * the section runs onto) and the totals row; returns where the next section may start.
 */
async function drawSection(
  pdf: Pdf,
  section: AnySection,
  frame: Frame,
  startY: number,
  progress: RowProgress,
  charWidths: CharacterWidths,
): Promise<number> {
  const body = section.rows.map((row: Record<string, Cell>) =>
    section.columns.map((column: AnyColumn) => cellText(column.kind, row[column.key])),
  );
  const totals = section.totals ? totalCells(section) : null;
  const minimums = minimumWidths(pdf, section.columns, body, totals, charWidths, frame.width);
  const table = new TableLayout(pdf, section.columns, frame, charWidths, minimums);
  const header = table.layRow(
    section.columns.map((column) => column.header),
    'header',
  );
  const layBody = (texts: string[]) => table.layRow(texts, 'body', header.height);

  const heading = headingHeight(pdf, section.title, frame);
  const firstRows = body.slice(0, MIN_ROWS_ON_PAGE).map((texts) => layBody(texts).height);
  const opening = heading + header.height + (firstRows.length ? firstRows.reduce((a, b) => a + b) : EMPTY_NOTE_HEIGHT);
  let y = startY;
  if (y + opening > frame.bottom && y > frame.top) {
    pdf.addPage();
    y = frame.top;
  }
  if (section.title) {
    pdf.font('bold').fontSize(10).fillColor(INK).text(section.title, frame.left, y, { width: frame.width });
    y += heading;
  }
  table.drawRow(header, y);
  y += header.height;

  const draw = (row: LaidRow) => {
    if (y + row.height > frame.bottom) {
      pdf.addPage();
      y = frame.top;
      table.drawRow(header, y);
      y += header.height;
    }
    table.drawRow(row, y);
    y += row.height;
  };
  for (const texts of body) {
    draw(layBody(texts));
    await progress.step();
  }
  if (!section.rows.length) {
    pdf
      .font('sans')
      .fontSize(9)
      .fillColor(MUTED)
      .text(EMPTY_NOTE, frame.left + CELL_PAD_X, y + 7, { width: frame.width });
    y += EMPTY_NOTE_HEIGHT;
  }
  if (totals) draw(table.layRow(totals, 'total', header.height));
  return y + SECTION_GAP;
}

/** "Total" under the first column and each summed column's total under its own. */
function totalCells(section: AnySection): string[] {
  const totals = sectionTotals(section);
  return section.columns.map((column, index) => {
    const total = totals[column.key];
    if (total === null || total === undefined) return index === 0 ? 'Total' : '';
    return cellText(column.kind, total);
  });
}

/** "Generated by SchoolLedger" and "<title> · Page n of m" at the foot of every page. */
function drawFooters(pdf: Pdf, title: string, frame: Frame) {
  const range = pdf.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    pdf.switchToPage(range.start + index);
    // Text below the bottom margin would make pdfkit start a page of its own for the footer.
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - MARGIN - 8;
    pdf.font('sans').fontSize(7.5).fillColor(MUTED);
    pdf.text('Generated by SchoolLedger', frame.left, y, { width: frame.width, lineBreak: false });
    pdf.text(`${title} · Page ${index + 1} of ${range.count}`, frame.left, y, {
      width: frame.width,
      align: 'right',
      lineBreak: false,
    });
  }
}

function bytesOf(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.end();
  });
}

/**
 * A4, portrait unless the columns need landscape: the letterhead, the title and filter lines, then
 * each section as a table. Columns share the page width by their relative widths and every cell
 * wraps inside its column (long tokens such as hashes break anywhere), so nothing runs over.
 */
export async function toPdf(document: ReportDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    layout: orientationOf(document),
    margin: MARGIN,
    bufferPages: true,
    info: { Title: document.title, Creator: 'SchoolLedger' },
  });
  const { sans, bold } = pdfFonts();
  pdf.registerFont('sans', sans);
  pdf.registerFont('bold', bold);
  const frame: Frame = {
    left: MARGIN,
    width: pdf.page.width - 2 * MARGIN,
    top: MARGIN,
    bottom: pdf.page.height - MARGIN - FOOTER_SPACE,
  };

  let y = document.letterhead ? drawLetterhead(pdf, document.letterhead, frame) : frame.top;
  y = drawTitle(pdf, document, frame, y);
  const progress = new RowProgress(document);
  const charWidths = new CharacterWidths(pdf);
  for (const section of document.sections) y = await drawSection(pdf, section, frame, y, progress, charWidths);
  drawFooters(pdf, document.title, frame);
  progress.finish();
  return bytesOf(pdf);
}
