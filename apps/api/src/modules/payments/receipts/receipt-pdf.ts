import PDFDocument from 'pdfkit';
import { type FontName, pdfFonts } from '../../../lib/pdf-fonts.js';
import type { ReceiptDocument } from './receipt.service.js';

export const RECEIPT_FORMATS = ['a4', '80mm'] as const;
export type ReceiptFormat = (typeof RECEIPT_FORMATS)[number];

type Doc = PDFKit.PDFDocument;

/** A voided receipt's mark: plain red, legible when printed in grey. */
const VOID_RED = '#b91c1c';

function newDocument(size: [number, number], margin: number, receipt: ReceiptDocument): Doc {
  const bytes = pdfFonts();
  const doc = new PDFDocument({
    size,
    margin,
    info: {
      Title: `Payment Receipt ${receipt.receiptNo}`,
      Author: receipt.school.name,
      Subject: `${receipt.fee.name}, ${receipt.student.name}`,
      Creator: 'SchoolLedger',
    },
  });
  for (const name of Object.keys(bytes) as FontName[]) doc.registerFont(name, bytes[name]);
  return doc;
}

function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** What the payment details list shows, in order; empty values are left out. */
function paymentLines(receipt: ReceiptDocument): [string, string][] {
  const lines: [string, string | null][] = [
    ['Payment method', receipt.method],
    ['Our reference', receipt.reference],
    ['Provider transaction ID', receipt.providerId],
    ['Channel', receipt.channel],
    [receipt.recordedBy?.label ?? '', receipt.recordedBy?.name ?? null],
    ['Notes', receipt.notes],
  ];
  return lines.filter((line): line is [string, string] => Boolean(line[0] && line[1]));
}

/* ---------------------------------------------------------------- A4 */

const INK = '#111827';
const MUTED = '#6b7280';
const RULE = '#e5e7eb';
const BRAND = '#047857';
const BRAND_TINT = '#ecfdf5';
const BRAND_LINE = '#a7f3d0';

function label(doc: Doc, text: string, x: number, y: number, width: number) {
  doc.font('bold').fontSize(7.5).fillColor(MUTED).text(text.toUpperCase(), x, y, { width, characterSpacing: 0.6 });
}

/** A small titled block of lines; returns where it ends. */
function block(doc: Doc, title: string, lines: [string, string][], x: number, y: number, width: number): number {
  label(doc, title, x, y, width);
  let at = y + 16;
  for (const [name, value] of lines) {
    doc.font('sans').fontSize(8).fillColor(MUTED).text(name, x, at, { width });
    at = doc.y + 1;
    doc.font('bold').fontSize(10.5).fillColor(INK).text(value, x, at, { width });
    at = doc.y + 7;
  }
  return at;
}

function renderA4(doc: Doc, receipt: ReceiptDocument) {
  const width = doc.page.width;
  const margin = 48;
  const inner = width - margin * 2;

  // Header band: the school, its group and address; it grows with a long name.
  const headerWidth = inner - 90;
  const sub = [receipt.school.group, receipt.school.address, receipt.school.contact].filter(Boolean).join('\n');
  const nameHeight = doc.font('bold').fontSize(20).heightOfString(receipt.school.name, { width: headerWidth });
  const subHeight = doc.font('sans').fontSize(9).heightOfString(sub, { width: headerWidth, lineGap: 2 });
  const band = Math.max(118, 34 + nameHeight + 4 + subHeight + 26);
  doc.rect(0, 0, width, band).fill(BRAND);
  doc.font('bold').fontSize(20).fillColor('#ffffff').text(receipt.school.name, margin, 34, { width: headerWidth });
  doc
    .font('sans')
    .fontSize(9)
    .fillColor('#d1fae5')
    .text(sub, margin, doc.y + 4, { width: headerWidth, lineGap: 2 });
  doc
    .roundedRect(width - margin - 64, 34, 64, 22, 11)
    .lineWidth(1.2)
    .stroke('#ffffff');
  doc
    .font('bold')
    .fontSize(9)
    .fillColor('#ffffff')
    .text(receipt.voided ? 'VOID' : 'PAID', width - margin - 64, 40, {
      width: 64,
      align: 'center',
      characterSpacing: 2,
    });

  // Title row: what this is, its number and date.
  let y = band + 28;
  doc.font('bold').fontSize(22).fillColor(INK).text('Payment Receipt', margin, y);
  label(doc, 'Receipt number', width - margin - 200, y, 200);
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(INK)
    .text(receipt.receiptNo, width - margin - 200, y + 12, { width: 200, align: 'left' });
  label(doc, 'Date paid', width - margin - 200, y + 34, 200);
  doc
    .font('sans')
    .fontSize(10.5)
    .fillColor(INK)
    .text(receipt.paidAt, width - margin - 200, y + 46, { width: 200 });
  y += 78;
  if (receipt.voided) {
    doc
      .font('bold')
      .fontSize(12)
      .fillColor(VOID_RED)
      .text(`VOID: this payment was voided on ${receipt.voided.on}. Reason: ${receipt.voided.reason}`, margin, y, {
        width: inner,
      });
    y = doc.y + 10;
  }
  doc
    .moveTo(margin, y)
    .lineTo(width - margin, y)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();

  // Two columns: who paid, and for what.
  y += 18;
  const column = (inner - 24) / 2;
  const studentLines: [string, string][] = [['Name', receipt.student.name]];
  if (receipt.student.regNo) studentLines.push(['Registration number', receipt.student.regNo]);
  if (receipt.student.classArm) studentLines.push(['Class', receipt.student.classArm]);
  const feeLines: [string, string][] = [
    ['Fee', receipt.fee.name],
    ['Type', receipt.fee.type],
  ];
  if (receipt.fee.term) feeLines.push(['Term', receipt.fee.term]);
  const left = block(doc, 'Received from', studentLines, margin, y, column);
  const right = block(doc, 'Payment for', feeLines, margin + column + 24, y, column);
  y = Math.max(left, right) + 8;

  // The amount, in figures and in words.
  doc.font('sans').fontSize(10);
  const wordsHeight = doc.heightOfString(receipt.amountInWords, { width: inner - 40 });
  const boxHeight = 74 + wordsHeight;
  doc.roundedRect(margin, y, inner, boxHeight, 6).fillAndStroke(BRAND_TINT, BRAND_LINE);
  label(doc, 'Amount paid', margin + 20, y + 16, 200);
  doc
    .font('bold')
    .fontSize(24)
    .fillColor(BRAND)
    .text(receipt.amount, margin + 20, y + 28, { width: inner - 40 });
  doc
    .font('sans')
    .fontSize(10)
    .fillColor(INK)
    .text(receipt.amountInWords, margin + 20, y + 62, { width: inner - 40 });
  y += boxHeight + 24;

  // Payment details and where the fee stands now.
  const details = block(doc, 'Payment details', paymentLines(receipt), margin, y, column);
  const standing = block(
    doc,
    'Fee balance',
    [
      ['Fee amount', receipt.feeAmount],
      ...receipt.adjustments.map((line): [string, string] => [line.label, line.amount]),
      ['Total paid (including this payment)', receipt.paidToDate],
      ['Outstanding after this payment', receipt.outstanding],
    ],
    margin + column + 24,
    y,
    column,
  );
  y = Math.max(details, standing) + 10;

  // Footer: the code that proves the receipt is ours.
  const footerY = Math.max(y, doc.page.height - 150);
  doc
    .moveTo(margin, footerY)
    .lineTo(width - margin, footerY)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  label(doc, 'Verification code', margin, footerY + 16, 200);
  doc
    .font('monoBold')
    .fontSize(15)
    .fillColor(INK)
    .text(receipt.verificationCode, margin, footerY + 30, { characterSpacing: 1 });
  doc
    .font('sans')
    .fontSize(8)
    .fillColor(MUTED)
    // A link, so tapping it in a PDF viewer opens the check page.
    .text(`Check this receipt at ${receipt.verifyUrl}`, margin, footerY + 54, { width: inner, link: receipt.verifyUrl })
    .text(
      'This receipt was issued electronically by SchoolLedger and is valid without a signature.',
      margin,
      doc.y + 4,
      { width: inner },
    );
  if (receipt.footer)
    doc
      .fontSize(9)
      .fillColor(INK)
      .text(receipt.footer, margin, doc.y + 10, { width: inner });
  // Across the page as well, so a photocopy or a glance cannot miss it.
  if (receipt.voided) {
    doc
      .save()
      .rotate(-30, { origin: [width / 2, 420] })
      .font('bold')
      .fontSize(140)
      .fillColor(VOID_RED)
      .fillOpacity(0.18)
      .text('VOID', 0, 340, { width, align: 'center', lineBreak: false })
      .restore();
  }
}

/* ---------------------------------------------------------------- 80 mm thermal */

const STRIP_WIDTH = 226.77;
const STRIP_MARGIN = 10;

/** Draws the strip and returns how tall it came out, so the page can be cut to fit. */
function renderStrip(doc: Doc, receipt: ReceiptDocument): number {
  const x = STRIP_MARGIN;
  const width = STRIP_WIDTH - STRIP_MARGIN * 2;
  const centred = { width, align: 'center' as const };
  const rule = () => {
    doc.moveDown(0.3);
    const at = doc.y;
    doc
      .moveTo(x, at)
      .lineTo(x + width, at)
      .dash(2, { space: 2 })
      .lineWidth(0.6)
      .strokeColor('#000000')
      .stroke()
      .undash();
    doc.y = at + 6;
  };
  // "Label  value" on one line when both fit, as till receipts read; otherwise the value below.
  const line = (name: string, value: string) => {
    doc.font('mono').fontSize(7.5).fillColor('#000000');
    const nameWidth = doc.widthOfString(name);
    doc.font('monoBold');
    const at = doc.y;
    if (nameWidth + doc.widthOfString(value) + 10 <= width) {
      doc.font('mono').text(name, x, at, { width, lineBreak: false });
      doc.font('monoBold').text(value, x, at, { width, align: 'right' });
    } else {
      doc.font('mono').text(name, x, at, { width });
      doc.font('monoBold').text(value, x + 8, doc.y, { width: width - 8, align: 'right' });
    }
    doc.moveDown(0.2);
  };

  doc.y = STRIP_MARGIN + 4;
  doc.font('bold').fontSize(11).fillColor('#000000').text(receipt.school.name, x, doc.y, centred);
  doc.font('sans').fontSize(7);
  for (const text of [receipt.school.group, receipt.school.address, receipt.school.contact]) {
    if (text) doc.text(text, x, doc.y, centred);
  }
  doc.moveDown(0.4);
  doc.font('bold').fontSize(10).text('PAYMENT RECEIPT', x, doc.y, centred);
  doc.font('mono').fontSize(8).text(receipt.receiptNo, x, doc.y, centred).text(receipt.paidAt, x, doc.y, centred);
  if (receipt.voided) {
    doc.moveDown(0.3);
    doc.font('bold').fontSize(14).text('*** VOID ***', x, doc.y, centred);
    doc
      .font('mono')
      .fontSize(7.5)
      .text(`Voided ${receipt.voided.on}`, x, doc.y, centred)
      .text(receipt.voided.reason, x, doc.y, centred);
  }
  rule();

  line('Student', receipt.student.name);
  if (receipt.student.regNo) line('Reg no', receipt.student.regNo);
  if (receipt.student.classArm) line('Class', receipt.student.classArm);
  line('Fee', `${receipt.fee.name} (${receipt.fee.type})`);
  if (receipt.fee.term) line('Term', receipt.fee.term);
  rule();

  doc.font('mono').fontSize(7.5).text('AMOUNT PAID', x, doc.y, centred);
  doc
    .font('bold')
    .fontSize(15)
    .text(receipt.amount, x, doc.y + 1, centred);
  doc
    .font('sans')
    .fontSize(7.5)
    .text(receipt.amountInWords, x, doc.y + 2, centred);
  rule();

  for (const [name, value] of paymentLines(receipt)) line(name, value);
  rule();
  line('Fee amount', receipt.feeAmount);
  for (const adjustment of receipt.adjustments) line(adjustment.label, adjustment.amount);
  line('Paid to date', receipt.paidToDate);
  line('Outstanding', receipt.outstanding);
  rule();

  doc.font('mono').fontSize(7).text('Verification code', x, doc.y, centred);
  doc
    .font('monoBold')
    .fontSize(11)
    .text(receipt.verificationCode, x, doc.y + 1, centred);
  doc
    .font('mono')
    .fontSize(6)
    .text(receipt.verifyUrl, x, doc.y + 3, { ...centred, link: receipt.verifyUrl });
  doc.moveDown(0.6);
  doc
    .font('sans')
    .fontSize(7.5)
    .text(receipt.footer ?? 'Thank you.', x, doc.y, centred);
  return doc.y + STRIP_MARGIN + 6;
}

/**
 * The PDF receipt. A4 is the office copy; 80 mm is the strip a thermal printer cuts, so it is laid
 * out once on a tall scratch page to learn its height and then drawn on a page of exactly that.
 */
export async function renderReceiptPdf(receipt: ReceiptDocument, format: ReceiptFormat): Promise<Buffer> {
  if (format === 'a4') {
    const doc = newDocument([595.28, 841.89], 48, receipt);
    renderA4(doc, receipt);
    return toBuffer(doc);
  }
  const scratch = newDocument([STRIP_WIDTH, 5000], STRIP_MARGIN, receipt);
  const height = Math.ceil(renderStrip(scratch, receipt));
  scratch.end();
  const doc = newDocument([STRIP_WIDTH, height], STRIP_MARGIN, receipt);
  renderStrip(doc, receipt);
  return toBuffer(doc);
}
