import PDFDocument from 'pdfkit';
import { pdfFonts } from '../pdf-fonts.js';
import { type AnyTable, type Cell, type ColumnKind, lagosText, nairaOf, numberOf, textOf, widthOf } from './table.js';

const MARGIN = 36;
const FONT_SIZE = 7.5;
const CELL_PAD = 3;
const INK = '#111827';
const MUTED = '#6b7280';
const RULE = '#e5e7eb';
const HEADER_FILL = '#ecfdf5';

const NAIRA = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function cellText(kind: ColumnKind, value: Cell): string {
  switch (kind) {
    case 'date':
      return lagosText(value);
    case 'money': {
      const naira = nairaOf(value);
      return naira === null ? '' : `${naira < 0 ? '-' : ''}₦${NAIRA.format(Math.abs(naira))}`;
    }
    case 'number': {
      const number = numberOf(value);
      return number === null ? '' : number.toLocaleString('en-NG');
    }
    case 'text':
      return textOf(value);
  }
}

/**
 * A4 landscape: title and subtitle lines, then the table. Columns share the page width by their
 * relative widths and every cell wraps inside its column (long tokens such as hashes break
 * anywhere), so nothing runs over; the header row is drawn again at the top of every page, and
 * every page is numbered "Page n of m".
 */
export function toPdf(table: AnyTable): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: table.title, Creator: 'SchoolLedger' },
  });
  const { sans, bold } = pdfFonts();
  doc.registerFont('sans', sans);
  doc.registerFont('bold', bold);

  const usable = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 14;
  const weights = table.columns.map((column) => widthOf(column));
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const widths = weights.map((weight) => (weight / totalWeight) * usable);
  const lefts = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((sum, width) => sum + width, 0));

  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(FONT_SIZE);
    return (
      Math.max(
        ...cells.map((text, index) => doc.heightOfString(text || ' ', { width: widths[index]! - 2 * CELL_PAD })),
      ) +
      2 * CELL_PAD
    );
  };
  const drawRow = (cells: string[], y: number, height: number, header: boolean) => {
    if (header) doc.rect(MARGIN, y, usable, height).fill(HEADER_FILL);
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + usable, y + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .font(header ? 'bold' : 'sans')
      .fontSize(FONT_SIZE)
      .fillColor(INK);
    cells.forEach((text, index) => {
      const alignRight = !header && (table.columns[index]!.kind === 'money' || table.columns[index]!.kind === 'number');
      doc.text(text, lefts[index]! + CELL_PAD, y + CELL_PAD, {
        width: widths[index]! - 2 * CELL_PAD,
        height: height - 2 * CELL_PAD,
        align: alignRight ? 'right' : 'left',
        ellipsis: true,
      });
    });
  };

  doc.font('bold').fontSize(14).fillColor(INK).text(table.title, MARGIN, MARGIN, { width: usable });
  doc.font('sans').fontSize(8.5).fillColor(MUTED);
  for (const line of table.subtitle) doc.text(line, { width: usable });
  let y = doc.y + 8;

  const headerCells = table.columns.map((column) => column.header);
  const headerHeight = rowHeight(headerCells, 'bold');
  drawRow(headerCells, y, headerHeight, true);
  y += headerHeight;

  if (!table.rows.length) {
    doc
      .font('sans')
      .fontSize(9)
      .fillColor(MUTED)
      .text('No entries match these filters.', MARGIN, y + 8);
  }
  for (const row of table.rows) {
    const cells = table.columns.map((column) => cellText(column.kind, row[column.key]));
    const height = Math.min(rowHeight(cells, 'sans'), bottom - MARGIN - headerHeight);
    if (y + height > bottom) {
      doc.addPage();
      y = MARGIN;
      drawRow(headerCells, y, headerHeight, true);
      y += headerHeight;
    }
    drawRow(cells, y, height, false);
    y += height;
  }

  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    // Text below the bottom margin would make pdfkit start a page of its own for the footer.
    doc.page.margins.bottom = 0;
    doc
      .font('sans')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(`${table.title} · Page ${index + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN - 8, {
        width: usable,
        align: 'right',
        lineBreak: false,
      });
  }

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
