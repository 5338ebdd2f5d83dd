import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Download } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { screenshot, screenshotsWanted } from './support';

/*
 * Reading the files the app hands out the way their readers would: the CSV as a spreadsheet
 * parses it, the workbook with exceljs, the PDF's text and pages with Mozilla's pdf.js.
 */

export async function bytesOf(download: Download): Promise<Buffer> {
  return readFile((await download.path())!);
}

/** The CSV's records, after checking it starts with the byte-order mark Excel needs for UTF-8. */
export function csvRecords(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8');
  if (!text.startsWith('\uFEFF')) throw new Error('the CSV has no UTF-8 byte-order mark');
  return parse(text.slice(1), { relax_column_count: true });
}

export async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** The text of every page, one string per page, words joined by spaces. */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages;
}

const PDFJS_BUILD = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/build/pdf.min.mjs'));
const VIEWER_ORIGIN = 'https://pdf-viewer.test';
const VIEWER = `<!doctype html><html><body style="margin:0;background:#e5e7eb">
<canvas id="page" style="display:block;margin:16px auto;box-shadow:0 1px 6px rgba(0,0,0,.25)"></canvas>
<script type="module">
  import * as pdfjs from '${VIEWER_ORIGIN}/pdf.min.mjs';
  pdfjs.GlobalWorkerOptions.workerSrc = '${VIEWER_ORIGIN}/pdf.worker.min.mjs';
  window.renderPage = async (base64, number) => {
    const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const document = await pdfjs.getDocument({ data }).promise;
    const page = await document.getPage(number);
    const viewport = page.getViewport({ scale: 1.4 });
    const canvas = window.document.getElementById('page');
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await page.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
    return document.numPages;
  };
</script></body></html>`;

/**
 * Draws the first pages of a PDF (at most `pages`) with pdf.js in the browser and saves each as a
 * screenshot, so a run leaves pictures of the documents a school would hand out. The viewer and
 * pdf.js are served to the page by the test itself: nothing is fetched from the network.
 */
export async function screenshotPdf(browser: Browser, bytes: Buffer, name: string, pages = 1) {
  if (!screenshotsWanted) return;
  const context = await browser.newContext({ viewport: { width: 1240, height: 1400 } });
  const page = await context.newPage();
  await page.route(`${VIEWER_ORIGIN}/**`, async (route) => {
    const file = new URL(route.request().url()).pathname.slice(1);
    if (file === 'viewer.html') return route.fulfill({ contentType: 'text/html', body: VIEWER });
    return route.fulfill({ contentType: 'text/javascript', body: await readFile(path.join(PDFJS_BUILD, file)) });
  });
  await page.goto(`${VIEWER_ORIGIN}/viewer.html`);
  await page.waitForFunction(() => 'renderPage' in window);
  const base64 = bytes.toString('base64');
  let count = pages;
  for (let number = 1; number <= Math.min(pages, count); number++) {
    count = await page.evaluate(
      ([data, pageNumber]) =>
        (window as unknown as { renderPage(data: string, page: number): Promise<number> }).renderPage(
          data as string,
          pageNumber as number,
        ),
      [base64, number] as const,
    );
    await page.locator('#page').scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-page-${number}`);
  }
  await context.close();
}
