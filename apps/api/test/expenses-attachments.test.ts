import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, expenseAttachments } from '../src/db/schema.js';
import {
  api,
  approvedExpense,
  createExpense,
  type ExpenseData,
  type ExpenseIds,
  expenseBody,
  loadExpenseIds,
  pay,
  payoutBody,
  staffOf,
  stepOk,
  type Who,
} from './expenses-support.js';
import { multipart, tinyPng, useTestApp } from './helper.js';

/** The smallest file a PDF reader opens: what the content check looks for is its header. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('documents behind an expense (issue 17 item 1)', () => {
  const t = useTestApp();
  let ids: ExpenseIds;
  beforeAll(async () => {
    ids = await loadExpenseIds(t);
  });

  async function upload(who: Who, id: string, file: { name: string; type: string; content: Buffer }, kind?: string) {
    const form = await multipart(kind ? { kind } : {}, [
      { field: 'file', filename: file.name, contentType: file.type, content: file.content },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/expenses/${id}/attachments`,
      headers: { ...(typeof who === 'string' ? await t.as(who) : who), ...form.headers },
      payload: form.payload,
    });
  }
  const png = { name: 'invoice.png', type: 'image/png', content: tinyPng(4) };
  const pdf = { name: 'Quotation from Bode Stationers.pdf', type: 'application/pdf', content: PDF };
  const countOf = async (id: string) =>
    (await t.ctx.db.select().from(expenseAttachments).where(eq(expenseAttachments.expenseId, id))).length;

  it('accepts a PNG and a PDF told by their content, kept privately and served back as they were', async () => {
    const expense = await createExpense(t, 'bursar', expenseBody(ids));
    const first = await upload('bursar', expense._id, png);
    expect(first.statusCode, first.body).toBe(200);
    const second = await upload('bursar', expense._id, { ...pdf, type: 'application/octet-stream' }, 'quotation');
    expect(second.statusCode, second.body).toBe(200);
    const data = second.json().data as ExpenseData & { attachmentCount: number };
    expect(data.attachmentCount).toBe(2);
    expect(data.attachments).toMatchObject([
      { kind: 'invoice', fileName: 'invoice.png', contentType: 'image/png', size: png.content.length },
      {
        kind: 'quotation',
        fileName: 'Quotation from Bode Stationers.pdf',
        contentType: 'application/pdf',
        size: PDF.length,
      },
    ]);
    expect(data.history.slice(-2).map((event) => event.note)).toEqual([
      'Invoice: invoice.png',
      'Quotation: Quotation from Bode Stationers.pdf',
    ]);
    const [row] = await t.ctx.db
      .select()
      .from(expenseAttachments)
      .where(eq(expenseAttachments.id, data.attachments[1]!._id));
    const file = path.join(t.ctx.config.dataDir, 'private', row!.filePath);
    expect(row!.filePath).toMatch(/^expenses\/[0-9a-f-]{36}\.pdf$/);
    expect(existsSync(file)).toBe(true);

    const download = await api(t, 'auditor', 'GET', `/expenses/${expense._id}/attachments/${data.attachments[1]!._id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-disposition']).toContain('inline; filename="Quotation from Bode Stationers.pdf"');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const audit = await t.ctx.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, expense._id));
    expect(audit.map((entry) => entry.action).filter((action) => action.startsWith('expense.attachment'))).toEqual([
      'expense.attachment_add',
      'expense.attachment_add',
    ]);
  });

  it("refuses a text file named .pdf, and anything over 5MB, with the SPEC's messages", async () => {
    const expense = await createExpense(t, 'bursar', expenseBody(ids));
    const text = await upload('bursar', expense._id, {
      name: 'invoice.pdf',
      type: 'application/pdf',
      content: Buffer.from('This is only text pretending to be an invoice.'),
    });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual([{ field: 'file', message: 'Please select an image or a PDF file' }]);

    const large = await upload('bursar', expense._id, {
      name: 'scan.pdf',
      type: 'application/pdf',
      content: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]),
    });
    expect(large.statusCode).toBe(422);
    expect(large.json().errors).toEqual([{ field: 'file', message: 'The file must be less than 5MB' }]);

    const unknownKind = await upload('bursar', expense._id, png, 'selfie');
    expect(unknownKind.statusCode).toBe(422);
    expect(unknownKind.json().errors).toEqual([{ field: 'kind', message: 'Choose what the document is' }]);
    expect(await countOf(expense._id)).toBe(0);
  });

  it('a receipt may follow the payment; a cancelled or rejected request takes no more documents', async () => {
    const paid = await approvedExpense(t, ids, { amount: 500 });
    expect((await pay(t, 'bursar', paid._id, payoutBody(500))).statusCode).toBe(200);
    const receipt = await upload('bursar', paid._id, png, 'receipt');
    expect(receipt.statusCode, receipt.body).toBe(200);

    const cancelled = await createExpense(t, 'bursar', expenseBody(ids));
    await stepOk(t, 'bursar', cancelled._id, 'cancel', 'Entered twice');
    const rejected = await createExpense(t, 'bursar', expenseBody(ids));
    await stepOk(t, 'bursar', rejected._id, 'submit');
    await stepOk(t, 'principal', rejected._id, 'reject', 'Too dear');
    for (const closed of [cancelled, rejected]) {
      const response = await upload('bursar', closed._id, png);
      expect(response.statusCode, response.body).toBe(409);
      expect(await countOf(closed._id)).toBe(0);
    }
  });

  it('removes a document while the request waits for approval, not once it is approved', async () => {
    const expense = await createExpense(t, 'bursar', expenseBody(ids));
    const added = (await upload('bursar', expense._id, png)).json().data as ExpenseData;
    const second = (await upload('bursar', expense._id, pdf)).json().data as ExpenseData;
    await stepOk(t, 'bursar', expense._id, 'submit');
    const [row] = await t.ctx.db
      .select()
      .from(expenseAttachments)
      .where(eq(expenseAttachments.id, added.attachments[0]!._id));
    const removed = await api(
      t,
      'bursar',
      'DELETE',
      `/expenses/${expense._id}/attachments/${added.attachments[0]!._id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.attachments.map((each: { _id: string }) => each._id)).toEqual([
      second.attachments[1]!._id,
    ]);
    expect(existsSync(path.join(t.ctx.config.dataDir, 'private', row!.filePath))).toBe(false);
    const gone = await api(t, 'auditor', 'GET', `/expenses/${expense._id}/attachments/${added.attachments[0]!._id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('EXPENSE_ATTACHMENT_NOT_FOUND');

    await stepOk(t, 'principal', expense._id, 'approve');
    const kept = await api(t, 'bursar', 'DELETE', `/expenses/${expense._id}/attachments/${second.attachments[1]!._id}`);
    expect(kept.statusCode).toBe(409);
    expect(await countOf(expense._id)).toBe(1);
  });

  it("who may fetch a document: the school's staff and auditor; not ICT, parents, or another school", async () => {
    const expense = await createExpense(t, 'bursar', expenseBody(ids));
    const data = (await upload('bursar', expense._id, png)).json().data as ExpenseData;
    const url = `/expenses/${expense._id}/attachments/${data.attachments[0]!._id}`;
    for (const who of ['auditor', 'principal', 'proprietor', 'admin']) {
      expect((await api(t, who, 'GET', url)).statusCode, who).toBe(200);
    }
    for (const who of ['ict', 'parent', 'student']) {
      expect((await api(t, who, 'GET', url)).statusCode, who).toBe(403);
    }
    const wuse = await staffOf(t, ids.secondSchool, ['Bursar']);
    const foreign = await api(t, wuse.headers, 'GET', url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('EXPENSE_NOT_FOUND');
    const foreignUpload = await upload(wuse.headers, expense._id, png);
    expect(foreignUpload.statusCode).toBe(404);
    const auditorUpload = await upload('auditor', expense._id, png);
    expect(auditorUpload.statusCode).toBe(403);
    expect(await countOf(expense._id)).toBe(1);
  });
});
