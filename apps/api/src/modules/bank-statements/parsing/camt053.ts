import { XMLParser } from 'fast-xml-parser';
import { ABOVE_MAX_REASON, isAboveMax, readAmount } from './amounts.js';
import { readDate } from './dates.js';
import { MAX_STATEMENT_ROWS } from './limits.js';
import { collapseWhitespace, isReversalNarration } from './narration.js';
import type { ParsedStatement, StatementLine, StatementProblem } from './statement.js';

/*
 * ISO 20022 camt.053 bank-to-customer statements (any version from .001.02: the paths read here
 * did not change, except `Sts`, a code in early versions and `Sts/Cd` from .001.08).
 *   Document/BkToCstmrStmt/Stmt[]: Acct/Id/IBAN or Acct/Id/Othr/Id, Acct/Ccy,
 *     Bal[] (Tp/CdOrPrtry/Cd OPBD, PRCD or CLBD; Amt@Ccy; CdtDbtInd),
 *     Ntry[] (Amt@Ccy, CdtDbtInd CRDT/DBIT, RvslInd, Sts, BookgDt and ValDt as Dt or DtTm,
 *       AcctSvcrRef, AddtlNtryInf, NtryDtls/TxDtls[]: RltdPties/Dbtr (or Cdtr) Nm or Pty/Nm,
 *       RmtInf/Ustrd[], Refs/AcctSvcrRef).
 */

type CamtStatement = Omit<ParsedStatement, 'format' | 'mapping'>;

/** Elements that may repeat, always read as lists so one and many look the same. */
const REPEATED = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Some banks write `<ns2:Ntry>`; the paths above are read without their prefixes.
  removeNSPrefix: true,
  // Amounts stay text: read as numbers they would pass through a float.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => REPEATED.has(name),
  // The five XML entities (&amp; and kin). Character references (&#8358; for ₦) are decoded only
  // with htmlEntities, which also adds HTML's named ones (&nbsp;): each is one fixed character, so
  // nothing expands. Entities a DTD defines never get this far (DOCTYPE below).
  processEntities: true,
  htmlEntities: true,
});

/**
 * A document type declaration can define entities that expand to gigabytes (the billion laughs)
 * or pull in files and URLs (XXE). No bank statement needs one, so a file that has one is refused
 * before any XML parsing.
 */
const DOCTYPE = /<!(?:DOCTYPE|ENTITY)/i;

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The child at a path of element names, or undefined. */
function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) current = isNode(current) ? current[name] : undefined;
  return current;
}

/** An element's text, whether it carries attributes (`{ '#text', '@Ccy' }`) or not. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'].trim();
  return '';
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/**
 * An entry's or balance's amount in kobo, with its sign left to CdtDbtInd. A balance may be zero;
 * an entry may not.
 */
function amountOf(
  node: unknown,
  { zeroAllowed = false } = {},
): { kobo: bigint; currency: string | null } | { problem: string } {
  const amount = at(node, 'Amt');
  const text = textOf(amount);
  const reading = readAmount(text);
  const currency = isNode(amount) && typeof amount['@Ccy'] === 'string' ? amount['@Ccy'] : null;
  if (reading.kind !== 'amount' || reading.negative || reading.mark || (reading.kobo === 0n && !zeroAllowed)) {
    return { problem: `The amount “${text}” could not be read.` };
  }
  return { kobo: reading.kobo, currency };
}

/** BookgDt or ValDt: a date, or a date and time whose date part is the day as the bank wrote it. */
function dayOf(node: unknown): string | null {
  const text = textOf(at(node, 'Dt')) || textOf(at(node, 'DtTm')).slice(0, 10);
  if (!text) return null;
  const reading = readDate(text, 'YMD');
  return 'iso' in reading ? reading.iso : null;
}

/** The statement's opening and closing balances: OPBD (or PRCD, yesterday's close) and CLBD. */
function balanceOf(statement: unknown, codes: readonly string[]): bigint | null {
  for (const code of codes) {
    const balance = listOf(at(statement, 'Bal')).find((bal) => textOf(at(bal, 'Tp', 'CdOrPrtry', 'Cd')) === code);
    if (!balance) continue;
    const amount = amountOf(balance, { zeroAllowed: true });
    if ('problem' in amount) return null;
    return textOf(at(balance, 'CdtDbtInd')) === 'DBIT' ? -amount.kobo : amount.kobo;
  }
  return null;
}

/** The name of the other party: who paid a credit in, who a debit went to. */
function partyName(details: unknown, credit: boolean): string {
  const party = at(details, 'RltdPties', credit ? 'Dbtr' : 'Cdtr');
  return textOf(at(party, 'Nm')) || textOf(at(party, 'Pty', 'Nm'));
}

/**
 * The narration from everything the bank says about the entry, each part once: banks often repeat
 * the payer's name or the remittance text inside AddtlNtryInf.
 */
function narrationOf(entry: unknown, credit: boolean): string {
  const parts: string[] = [];
  let seen = '';
  const add = (text: string) => {
    const part = collapseWhitespace(text);
    if (!part || seen.includes(part.toUpperCase())) return;
    parts.push(part);
    seen = `${seen}\n${part.toUpperCase()}`;
  };
  add(textOf(at(entry, 'AddtlNtryInf')));
  for (const details of listOf(at(entry, 'NtryDtls')).flatMap((group) => listOf(at(group, 'TxDtls')))) {
    add(partyName(details, credit));
    for (const line of listOf(at(details, 'RmtInf', 'Ustrd'))) add(textOf(line));
    add(textOf(at(details, 'AddtlTxInf')));
  }
  return parts.join(' ');
}

function referenceOf(entry: unknown): string | null {
  const own = textOf(at(entry, 'AcctSvcrRef'));
  if (own) return own;
  const details = listOf(at(entry, 'NtryDtls')).flatMap((group) => listOf(at(group, 'TxDtls')))[0];
  return textOf(at(details, 'Refs', 'AcctSvcrRef')) || null;
}

/** Only booked entries are on the statement; pending (PDNG) and information-only (INFO) are not yet. */
function isBooked(entry: unknown): boolean {
  const status = textOf(at(entry, 'Sts')) || textOf(at(entry, 'Sts', 'Cd'));
  return status === '' || status === 'BOOK';
}

function readEntry(entry: unknown): Omit<StatementLine, 'position'> | string {
  const amount = amountOf(entry);
  if ('problem' in amount) return amount.problem;
  if (isAboveMax(amount.kobo)) return `The amount “${textOf(at(entry, 'Amt'))}” ${ABOVE_MAX_REASON}.`;
  const indicator = textOf(at(entry, 'CdtDbtInd'));
  if (indicator !== 'CRDT' && indicator !== 'DBIT')
    return `The credit/debit indicator “${indicator}” is neither CRDT nor DBIT.`;
  const valueOn = dayOf(at(entry, 'ValDt'));
  const bookedOn = dayOf(at(entry, 'BookgDt')) ?? valueOn;
  if (!bookedOn) return 'The entry has no booking date that could be read.';
  const credit = indicator === 'CRDT';
  const narration = narrationOf(entry, credit);
  const reversalMark = ['TRUE', '1'].includes(textOf(at(entry, 'RvslInd')).toUpperCase());
  return {
    bookedOn,
    valueOn,
    // With RvslInd, CdtDbtInd is still what the entry does to the account (ISO 20022 usage rule).
    direction: credit ? 'credit' : 'debit',
    amountKobo: amount.kobo,
    narration,
    reference: referenceOf(entry),
    balanceKobo: null,
    reversal: reversalMark || isReversalNarration(narration),
  };
}

export function parseCamt053(text: string): CamtStatement {
  const statement: CamtStatement = {
    accountNumber: null,
    currency: null,
    openingBalanceKobo: null,
    closingBalanceKobo: null,
    lines: [],
    problems: [],
  };
  const problems: StatementProblem[] = statement.problems;
  if (DOCTYPE.test(text)) {
    problems.push({
      row: 0,
      message: 'The XML file declares a document type (DOCTYPE), which statements never do; it was not read.',
    });
    return statement;
  }
  let document: unknown;
  try {
    document = parser.parse(text, true);
  } catch {
    problems.push({ row: 0, message: 'The file is not well-formed XML.' });
    return statement;
  }
  const statements = listOf(at(document, 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (statements.length === 0) {
    problems.push({ row: 0, message: 'The XML file is not a camt.053 bank statement (no BkToCstmrStmt/Stmt).' });
    return statement;
  }
  const entries = statements.flatMap((stmt) => listOf(at(stmt, 'Ntry')));
  if (entries.length > MAX_STATEMENT_ROWS) {
    problems.push({ row: 0, message: `The file has more than ${MAX_STATEMENT_ROWS.toLocaleString('en-NG')} entries.` });
    return statement;
  }
  const [first] = statements;
  const account = at(first, 'Acct');
  statement.accountNumber = textOf(at(account, 'Id', 'IBAN')) || textOf(at(account, 'Id', 'Othr', 'Id')) || null;
  statement.openingBalanceKobo = balanceOf(first, ['OPBD', 'PRCD']);
  statement.closingBalanceKobo = balanceOf(statements.at(-1), ['CLBD']);
  const firstAmount = [...listOf(at(first, 'Bal')), ...entries].map((node) => at(node, 'Amt')).find(isNode);
  statement.currency = textOf(at(account, 'Ccy')) || (firstAmount?.['@Ccy'] as string | undefined) || null;

  entries.forEach((entry, index) => {
    if (!isBooked(entry)) return;
    const reading = readEntry(entry);
    if (typeof reading === 'string') problems.push({ row: index + 1, message: reading });
    else statement.lines.push({ ...reading, position: statement.lines.length + 1 });
  });
  return statement;
}
