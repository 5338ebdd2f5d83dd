import {
  capitalize,
  displayName,
  type MyData,
  type MyStudentData,
  OUTBOX_CHANNEL_LABELS,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  ROLE_BADGES,
} from '@schoolledger/domain';
import { type AnySection, generatedLine, type ReportDocument, toPdf } from '../../lib/tabular/index.js';

/*
 * The download as a person reads it: the same facts as the JSON file, written by the report
 * writer the app's other PDFs use (pdfkit with DejaVu, so ₦ prints), one table per part.
 */

type Field = { field: string; value: string };
const FIELD_COLUMNS = [
  { key: 'field', header: 'Field', kind: 'text', width: 14 },
  { key: 'value', header: 'What we hold', kind: 'text', width: 36 },
] as const;

const fields = (title: string, pairs: [string, string | number | null | undefined][]): AnySection => ({
  title,
  columns: [...FIELD_COLUMNS],
  rows: pairs.map(
    ([field, value]): Field => ({ field, value: value === null || value === undefined ? '—' : String(value) }),
  ),
});

function personFields(title: string, person: MyData['profile']): AnySection {
  return fields(title, [
    ['Name', displayName(person)],
    ['Email', person.email],
    ['Phone', person.phone],
    ['Address', person.address],
    ['Roles', person.roles.map((role) => ROLE_BADGES[role]).join(', ')],
    ['Status', person.status === 'active' ? 'Active' : 'Deactivated'],
    ['School', person.school?.name],
    ['Class', person.classArm],
    ['Registration number', person.regNo],
    ['Payment code', person.paymentCode],
    ['Profile picture', person.profilePicture ? 'Yes' : 'None'],
    ['Account created', person.createdAt.slice(0, 10)],
  ]);
}

/** `isEmergencyContact` → "Is emergency contact". */
const labelOf = (key: string) => capitalize(key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());

/** A guardian or contact as a line a person reads ("Name: Ada Obi; Phone: 0803…"), empty parts left out. */
function readable(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') return String(value);
  const parts = Object.entries(value as Record<string, unknown>)
    .filter(([, part]) => part !== null && part !== undefined && part !== '')
    .map(([key, part]) => `${labelOf(key)}: ${typeof part === 'boolean' ? (part ? 'yes' : 'no') : String(part)}`);
  return parts.join('; ') || null;
}

const PAYMENT_STATUSES: Record<string, string> = {
  success: 'Successful',
  pending: 'Pending',
  failed: 'Failed',
  review: 'Under review',
};

function studentSections(student: MyStudentData): AnySection[] {
  const name = displayName(student.person);
  const { record } = student;
  const sections: AnySection[] = [];
  if (record) {
    sections.push(
      fields(`${name}: school record`, [
        ['Date of birth', record.dateOfBirth],
        ['Gender', record.gender],
        ['Day or boarding', capitalize(record.type)],
        ['Status at school', capitalize(record.academicStatus)],
        ['Enrolled', record.enrolledAt],
        ['Expected to graduate', record.expectedGraduationYear],
        ['Previous school', record.previousSchool],
        ['Home address', Object.values(record.address).filter(Boolean).join(', ') || null],
        ['Guardian', readable(record.guardian)],
        ['Emergency contact', readable(record.emergencyContact)],
      ]),
    );
  }
  if (student.fees.length) {
    sections.push({
      title: `${name}: fees`,
      columns: [
        { key: 'name', header: 'Fee', kind: 'text', width: 18 },
        { key: 'term', header: 'Term', kind: 'text', width: 16 },
        { key: 'amount', header: 'Amount', kind: 'money', total: true },
        { key: 'paid', header: 'Paid', kind: 'money', total: true },
        { key: 'outstanding', header: 'Still owed', kind: 'money', total: true },
      ],
      rows: student.fees.map((fee) => ({ ...fee, term: `${fee.term}, ${fee.session}` })),
      totals: true,
    });
  }
  if (student.payments.length) {
    sections.push({
      title: `${name}: payments, receipts and refunds`,
      columns: [
        { key: 'createdAt', header: 'Date', kind: 'date' },
        { key: 'what', header: 'What', kind: 'text', width: 20 },
        { key: 'method', header: 'Method', kind: 'text', width: 12 },
        { key: 'status', header: 'Status', kind: 'text', width: 9 },
        { key: 'amount', header: 'Amount', kind: 'money' },
        { key: 'number', header: 'Receipt or reference', kind: 'text', width: 20 },
      ],
      rows: student.payments.map((payment) => ({
        createdAt: payment.paidAt ?? payment.createdAt,
        what: `${payment.kind === 'refund' ? 'Refund' : 'Payment'}: ${payment.fee}`,
        method: PAYMENT_METHOD_LABELS[payment.method as PaymentMethod] ?? payment.method,
        status: PAYMENT_STATUSES[payment.status] ?? payment.status,
        amount: payment.amount,
        number: payment.receiptNo ?? payment.reference,
      })),
    });
  }
  return sections;
}

/** Every part of the download that holds something, in the order of the JSON file. */
function sectionsOf(data: MyData): AnySection[] {
  const sections: AnySection[] = [personFields('Your account', data.profile)];
  if (data.student) sections.push(...studentSections(data.student));
  for (const child of data.children) {
    sections.push(personFields(`Your child: ${displayName(child.person)}`, child.person), ...studentSections(child));
  }
  const lists: [boolean, AnySection][] = [
    [
      data.familyCredit.length > 0,
      {
        title: 'Family credit',
        columns: [
          { key: 'createdAt', header: 'Date', kind: 'date' },
          { key: 'kind', header: 'Entry', kind: 'text', width: 16 },
          { key: 'school', header: 'School', kind: 'text', width: 18 },
          { key: 'amount', header: 'Amount', kind: 'money' },
        ],
        rows: data.familyCredit.map((entry) => ({ ...entry, kind: capitalize(entry.kind.replaceAll('_', ' ')) })),
      },
    ],
    [
      data.notifications.length > 0,
      {
        title: 'Notifications you received',
        columns: [
          { key: 'createdAt', header: 'Date', kind: 'date' },
          { key: 'title', header: 'Title', kind: 'text', width: 20 },
          { key: 'message', header: 'Message', kind: 'text', width: 40 },
        ],
        rows: data.notifications,
      },
    ],
    [
      data.phoneMessages.consents.length > 0,
      {
        title: 'What you agreed to on your phone',
        columns: [
          { key: 'optedInAt', header: 'Agreed', kind: 'date' },
          { key: 'channel', header: 'Channel', kind: 'text', width: 10 },
          { key: 'wording', header: 'The words you agreed to', kind: 'text', width: 40 },
          { key: 'withdrawnAt', header: 'Stopped', kind: 'date' },
        ],
        rows: data.phoneMessages.consents.map((consent) => ({
          ...consent,
          channel: consent.channel === 'sms' ? 'SMS' : 'WhatsApp',
        })),
      },
    ],
    [
      data.phoneMessages.messages.length > 0,
      {
        title: 'Emails, SMS and WhatsApp messages sent to you',
        columns: [
          { key: 'createdAt', header: 'Date', kind: 'date' },
          { key: 'channel', header: 'Channel', kind: 'text', width: 10 },
          { key: 'body', header: 'Message', kind: 'text', width: 40 },
          { key: 'status', header: 'Status', kind: 'text', width: 10 },
        ],
        rows: data.phoneMessages.messages.map((message) => ({
          ...message,
          channel: OUTBOX_CHANNEL_LABELS[message.channel],
          status: capitalize(message.status),
        })),
      },
    ],
    [
      data.signIns.length > 0,
      {
        title: 'Sign-ins',
        columns: [
          { key: 'at', header: 'Date', kind: 'date' },
          { key: 'result', header: 'Result', kind: 'text', width: 18 },
          { key: 'ip', header: 'Address', kind: 'text', width: 14 },
        ],
        rows: data.signIns.map((attempt) => ({
          at: attempt.at,
          result: attempt.success ? 'Signed in' : `Refused${attempt.reason ? ` (${attempt.reason})` : ''}`,
          ip: attempt.ip,
        })),
      },
    ],
    [
      data.auditEntries.length > 0,
      {
        title: 'Audit trail entries about you or by you',
        columns: [
          { key: 'at', header: 'Date', kind: 'date' },
          { key: 'action', header: 'Action', kind: 'text', width: 18 },
          { key: 'module', header: 'Record', kind: 'text', width: 14 },
          { key: 'as', header: 'You were', kind: 'text', width: 10 },
        ],
        rows: data.auditEntries.map((entry) => ({ ...entry, as: entry.as === 'actor' ? 'Who acted' : 'The subject' })),
      },
    ],
  ];
  return [...sections, ...lists.filter(([shown]) => shown).map(([, section]) => section)];
}

/** The download as a PDF for `data`, which the service gathered for the person `data.profile` names. */
export function myDataPdf(data: MyData): Promise<Buffer> {
  const person = data.profile;
  const document: ReportDocument = {
    title: 'Your data held by SchoolLedger',
    letterhead: person.school ? { name: person.school.name } : null,
    subtitle: [
      generatedLine(person, person.roles, new Date(data.generatedAt)),
      ...data.notes,
      'Parts with nothing in them are left out.',
    ],
    sections: sectionsOf(data),
    orientation: 'portrait',
  };
  return toPdf(document);
}
