import {
  type BankLineCandidate,
  type BankLineStatus,
  type BankMatchStrength,
  formatCalendarDate,
  formatKobo,
  paymentCodesIn,
} from '@schoolledger/domain';

/*
 * Who a credit on the school's bank statement is from. Amount alone never points at anyone
 * (dozens of families owe the same ₦150,000): a candidate needs the narration to carry something
 * of theirs: a payment code, the reference the payer typed in their claim, or their name. Only a
 * payment code, or a claim whose amount, day and reference or code all agree, is certain; the
 * rest wait for a person. Every step is a lookup in maps built once per statement, so a 5,000-line
 * statement against a 5,000-student school is a few tens of thousands of operations, not millions.
 */

export interface MatchStudent {
  id: string;
  name: string;
  regNo: string | null;
  paymentCode: string;
  firstname: string;
  lastname: string;
  /** Their parents' first and last names: a parent's name in the narration points at the child. */
  parents: { firstname: string; lastname: string }[];
}

export interface MatchClaim {
  id: string;
  reference: string;
  studentId: string;
  amountKobo: bigint;
  transferDate: string | null;
  bankReference: string | null;
}

export interface MatchFacts {
  /** The school's students, by id. */
  students: Map<string, MatchStudent>;
  /** Students by payment code (this school's only: a code of another school's child is not ours to use). */
  byCode: Map<string, MatchStudent>;
  /**
   * A parent's children at the school, by the parent's payment code: the app tells a parent with no
   * account of their own to write it. One child is certain; of several, a person chooses.
   */
  byParentCode: Map<string, MatchStudent[]>;
  /** Students by a sender's account number a person credited to them before. */
  bySender: Map<string, MatchStudent>;
  /** Pending transfer claims of the school. */
  claims: MatchClaim[];
  /**
   * Transfer claims a person confirmed lately: the money they vouched for is on the books already,
   * so a statement line that looks like it again is never credited by itself.
   */
  confirmedClaims: MatchClaim[];
  /** Credit lines of the school's statements credited lately, which a bank reversal may take back. */
  creditedLines: CreditedLine[];
}

export interface CreditedLine {
  id: string;
  accountNumber: string;
  bookedOn: string;
  amountKobo: bigint;
  narration: string;
  reference: string | null;
  studentName: string;
  receipts: string[];
}

/** A reversal is booked within this many days of the credit it takes back. */
export const REVERSAL_DAYS = 30;

export interface StoredCandidate extends Omit<BankLineCandidate, 'claim'> {
  claim: {
    _id: string;
    reference: string;
    amount_kobo: string;
    transfer_date: string | null;
    bank_reference: string | null;
  } | null;
}

export interface LineMatch {
  status: BankLineStatus;
  note: string | null;
  candidates: StoredCandidate[];
  /** The one certain candidate, to credit at once; null when a person must decide. */
  certain: StoredCandidate | null;
  /** A provider paying out its collections: set aside here, matched to its settlement (settlements module). */
  settlement?: true;
}

export interface MatchLine {
  /** The school's account the statement is of ('' when the file names none). */
  accountNumber: string;
  bookedOn: string;
  direction: 'credit' | 'debit';
  amountKobo: bigint;
  narration: string;
  /** The bank's reference of the line, where the statement has one. */
  reference?: string | null;
  reversal: boolean;
}

/** A claim's transfer day may be a few days before the bank books it (weekends, holidays), never after. */
const CLAIM_DAYS_BEFORE = 7;
const CLAIM_DAYS_AFTER = 1;
/** A payer's reference shorter than this ("1", "ok") would be found in too many narrations by chance. */
const MIN_REFERENCE_LENGTH = 5;
/**
 * Only a reference with a digit in it is the payer's own: one of words alone ("School fees",
 * "Transfer") is in most narrations, and a stranger's transfer of the same amount would take the claim.
 */
const isDistinctive = (reference: string) => reference.length >= MIN_REFERENCE_LENGTH && /\d/.test(reference);
const MAX_CANDIDATES = 3;
/** A provider paying out its day's collections: its name and a word of settling, in any order. */
const PROVIDERS = ['PAYSTACK', 'FLUTTERWAVE', 'FLW', 'MONNIFY', 'REMITA', 'INTERSWITCH'];
const isSettlement = (narrationWords: Set<string>) =>
  PROVIDERS.some((provider) => narrationWords.has(provider)) &&
  ['SETTLEMENT', 'SETTLEMENTS', 'SETTLE', 'STTL', 'STL'].some((word) => narrationWords.has(word));

const RANK: Record<BankMatchStrength, number> = { exact: 0, likely: 1, possible: 2 };
/** A NUBAN: ten digits standing alone (a 30-digit NIP session id holds none). */
const NUBAN = /(?<!\d)\d{10}(?!\d)/g;

/** The account numbers a narration carries ("NIP: RHODA CHURCH -1123344343/443…"), other than the school's own. */
export function senderAccountsIn(narration: string, ownAccount: string) {
  return [...new Set(narration.match(NUBAN) ?? [])].filter((account) => account !== ownAccount);
}
const alphanumeric = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');
const words = (text: string) =>
  new Set(
    text
      .toUpperCase()
      .split(/[^A-Z]+/)
      .filter((word) => word.length > 1),
  );
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/** Students named in the narration (first and last name both), or whose parent is; built once per statement. */
export function nameIndex(students: Iterable<MatchStudent>) {
  const byLastname = new Map<string, { student: MatchStudent; firstname: string; parent: boolean }[]>();
  const add = (lastname: string, entry: { student: MatchStudent; firstname: string; parent: boolean }) => {
    const key = lastname.toUpperCase();
    const list = byLastname.get(key) ?? [];
    list.push(entry);
    byLastname.set(key, list);
  };
  for (const student of students) {
    add(student.lastname, { student, firstname: student.firstname.toUpperCase(), parent: false });
    for (const parent of student.parents) {
      add(parent.lastname, { student, firstname: parent.firstname.toUpperCase(), parent: true });
    }
  }
  return (narrationWords: Set<string>) => {
    const found = new Map<string, { student: MatchStudent; parent: boolean }>();
    for (const word of narrationWords) {
      for (const entry of byLastname.get(word) ?? []) {
        if (!narrationWords.has(entry.firstname)) continue;
        // The student's own name says more than a parent's (siblings share a parent).
        const before = found.get(entry.student.id);
        if (!before || (before.parent && !entry.parent)) found.set(entry.student.id, entry);
      }
    }
    return [...found.values()];
  };
}

export function matchLine(
  line: MatchLine,
  facts: MatchFacts,
  named: ReturnType<typeof nameIndex>,
  /** Claims a line of this statement already took: one claim is confirmed by one line. */
  taken: ReadonlySet<string>,
): LineMatch {
  if (line.reversal && line.direction === 'debit') {
    const original = reversedCredit(line, facts.creditedLines);
    if (original) {
      const receipts = original.receipts.length > 0 ? ` (receipts ${original.receipts.join(', ')})` : '';
      return {
        status: 'review',
        note: `The bank took back the ${formatKobo(original.amountKobo)} credited on ${formatCalendarDate(original.bookedOn)} to ${original.studentName}'s fees${receipts}: the money is no longer the school's. Refund those payments, then mark this line as handled.`,
        candidates: [],
        certain: null,
      };
    }
  }
  if (line.direction === 'debit') return ignored('Money out of the account.');
  if (line.reversal) return ignored('A reversal by the bank, not a payment.');
  const narrationWords = words(line.narration);
  if (isSettlement(narrationWords)) {
    return {
      ...ignored("A payment provider's settlement: the online payments it pays out are already credited."),
      settlement: true,
    };
  }

  const compact = alphanumeric(line.narration);
  const codes = paymentCodesIn(line.narration);
  const families = codes.flatMap((code) => {
    const children = facts.byParentCode.get(code);
    return children ? [children] : [];
  });
  // A parent's code stands for their only child here; a family of several is for a person to split.
  const coded = [
    ...codes.map((code) => facts.byCode.get(code)).filter((student): student is MatchStudent => student !== undefined),
    ...families.flatMap((children) => (children.length === 1 ? children : [])),
  ];
  const parentCoded = new Set(families.flatMap((children) => (children.length === 1 ? [children[0]!.id] : [])));
  const namedHere = named(narrationWords);
  const byStudent = new Map<string, StoredCandidate>();
  const put = (candidate: StoredCandidate) => {
    const key = candidate.claim ? `claim:${candidate.claim._id}` : `student:${candidate.student._id}`;
    const before = byStudent.get(key);
    if (!before) byStudent.set(key, candidate);
    else {
      // The same student found two ways: the stronger way decides, and both reasons are shown.
      const strength = RANK[candidate.strength] < RANK[before.strength] ? candidate.strength : before.strength;
      const reasons = [...new Set([...before.reasons, ...candidate.reasons])];
      byStudent.set(key, { ...before, strength, reasons });
    }
  };

  const day = dayNumber(line.bookedOn);
  /** A claim of this line's amount whose transfer day fits the line's. */
  const fits = (claim: MatchClaim) => {
    if (claim.amountKobo !== line.amountKobo) return false;
    const claimDay = claim.transferDate ? dayNumber(claim.transferDate) : day;
    return claimDay >= day - CLAIM_DAYS_BEFORE && claimDay <= day + CLAIM_DAYS_AFTER;
  };
  for (const claim of facts.claims) {
    if (taken.has(claim.id) || !fits(claim)) continue;
    const student = facts.students.get(claim.studentId);
    if (!student) continue;
    const reasons = [
      `A transfer claim ${claim.reference} for ${formatKobo(claim.amountKobo)}${claim.transferDate ? ` made on ${claim.transferDate}` : ''}`,
    ];
    const reference = claim.bankReference ? alphanumeric(claim.bankReference) : '';
    const found = reference.length >= MIN_REFERENCE_LENGTH && compact.includes(reference);
    const referenced = found && isDistinctive(reference);
    const codeOfStudent = coded.some((coder) => coder.id === student.id);
    if (referenced) reasons.push(`the narration carries the reference the payer gave, ${claim.bankReference}`);
    else if (found) reasons.push(`the narration has the words the payer gave as the reference, ${claim.bankReference}`);
    if (codeOfStudent) reasons.push(`the narration carries ${student.name}'s payment code ${student.paymentCode}`);
    const byName = namedHere.find((hit) => hit.student.id === student.id);
    if (byName)
      reasons.push(
        byName.parent ? `the narration names a parent of ${student.name}` : `the narration names ${student.name}`,
      );
    const strength: BankMatchStrength = referenced || codeOfStudent ? 'exact' : byName || found ? 'likely' : 'possible';
    put(candidateOf(student, strength, reasons, claim));
  }
  for (const student of coded) {
    const reasons = [
      parentCoded.has(student.id)
        ? `the narration carries the payment code of ${student.name}'s parent, whose only child at the school this is`
        : `the narration carries ${student.name}'s payment code ${student.paymentCode}`,
    ];
    // The family's claim of this amount was confirmed by hand already: this may be that money again.
    const vouched = facts.confirmedClaims.find((claim) => claim.studentId === student.id && fits(claim));
    if (vouched)
      reasons.push(
        `a transfer claim ${vouched.reference} for ${formatKobo(vouched.amountKobo)} was confirmed by hand already: check this is not the same money`,
      );
    put(candidateOf(student, vouched ? 'likely' : 'exact', reasons, null));
  }
  for (const children of families.filter((family) => family.length > 1)) {
    for (const student of children) {
      put(
        candidateOf(
          student,
          'likely',
          [
            `the narration carries the payment code of ${student.name}'s parent, who has ${children.length} children at the school: choose whose fees it pays`,
          ],
          null,
        ),
      );
    }
  }
  for (const account of senderAccountsIn(line.narration, line.accountNumber)) {
    const student = facts.bySender.get(account);
    if (student) {
      put(candidateOf(student, 'likely', [`the sender's account ${account} paid ${student.name}'s fees before`], null));
    }
  }
  for (const hit of namedHere) {
    put(
      candidateOf(
        hit.student,
        'possible',
        [
          hit.parent
            ? `the narration names a parent of ${hit.student.name}`
            : `the narration names ${hit.student.name}`,
        ],
        null,
      ),
    );
  }

  const candidates = [...byStudent.values()].sort((a, b) => RANK[a.strength] - RANK[b.strength]);
  const exact = candidates.filter((candidate) => candidate.strength === 'exact');
  // Two certain answers that disagree (two children's codes, a code and another child's claim) are not certain.
  const certainStudents = new Set(exact.map((candidate) => candidate.student._id));
  const certain = certainStudents.size === 1 ? (exact.find((candidate) => candidate.claim) ?? exact[0] ?? null) : null;
  if (candidates.length === 0) {
    return {
      status: 'unmatched',
      note: 'Nothing in the narration points at a student or a claim.',
      candidates,
      certain,
    };
  }
  return { status: 'review', note: null, candidates: candidates.slice(0, MAX_CANDIDATES), certain };
}

/**
 * The credited line a bank reversal takes back: the same account and amount, booked within 30 days
 * before it, and named by the reversal (its narration inside the reversal's, or the same bank
 * reference). Only one such line is an answer; none, or several, is for a person to read.
 */
function reversedCredit(line: MatchLine, credited: readonly CreditedLine[]) {
  const day = dayNumber(line.bookedOn);
  const compact = alphanumeric(line.narration);
  const named = credited.filter((original) => {
    const before = day - dayNumber(original.bookedOn);
    if (original.accountNumber !== line.accountNumber || original.amountKobo !== line.amountKobo) return false;
    if (before < 0 || before > REVERSAL_DAYS) return false;
    const body = alphanumeric(original.narration);
    return (
      (body.length >= MIN_REFERENCE_LENGTH && compact.includes(body)) ||
      (original.reference !== null && line.reference === original.reference)
    );
  });
  return named.length === 1 ? named[0] : undefined;
}

const ignored = (note: string): LineMatch => ({ status: 'ignored', note, candidates: [], certain: null });

function candidateOf(
  student: MatchStudent,
  strength: BankMatchStrength,
  reasons: string[],
  claim: MatchClaim | null,
): StoredCandidate {
  return {
    student: { _id: student.id, name: student.name, reg_no: student.regNo },
    claim: claim && {
      _id: claim.id,
      reference: claim.reference,
      amount_kobo: claim.amountKobo.toString(),
      transfer_date: claim.transferDate,
      bank_reference: claim.bankReference,
    },
    strength,
    reasons,
  };
}
