// Fails the build when the JavaScript a first visit downloads grows past the budget: the entry
// script and every module index.html preloads, gzipped as the server sends them. 1 kB = 1000 bytes,
// as Vite prints sizes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 120;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]);
if (scripts.length === 0) throw new Error('index.html loads no JavaScript: is this the built app?');

let total = 0;
for (const file of scripts) total += gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (total / 1000).toFixed(1);
const line = `Initial JavaScript: ${kb} kB gzipped in ${scripts.length} files (budget ${BUDGET_KB} kB)`;
if (total > BUDGET_KB * 1000) {
  console.error(`${line}: over budget.`);
  process.exit(1);
}
console.log(line);
