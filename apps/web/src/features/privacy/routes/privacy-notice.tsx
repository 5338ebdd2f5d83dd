import { FINANCIAL_RECORDS_YEARS, RETENTION_DEFAULTS } from '@schoolledger/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';

/** Where a person in Nigeria complains about how their data is handled. */
const NDPC_URL = 'https://ndpc.gov.ng';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

function List({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5 marker:text-emerald-600">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, never reordered
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * The privacy notice the Nigeria Data Protection Act 2023 asks for, for parents, students and
 * staff, in plain words: public, so it can be read before signing in, and readable on a phone.
 */
export default function PrivacyNoticePage() {
  return (
    <div className="min-h-dvh bg-slate-50 px-4 py-8 dark:bg-slate-950">
      <main className="mx-auto w-full max-w-2xl space-y-6">
        <Link to="/" className="mx-auto flex w-fit items-center gap-3 rounded-lg">
          <BrandMark className="size-9" />
          <span className="text-lg font-semibold text-slate-900 dark:text-white">SchoolLedger</span>
        </Link>
        <article className="space-y-8 rounded-xl border border-slate-200 bg-white p-5 text-sm leading-6 text-slate-700 shadow-sm sm:p-8 sm:text-base sm:leading-7 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          <header className="space-y-2">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Privacy notice</h1>
            <p>
              How your school uses SchoolLedger to look after information about you and your children, and what you can
              ask for. It follows the Nigeria Data Protection Act 2023.
            </p>
          </header>

          <Part id="who" title="Who is responsible for your information">
            <p>
              The school group that runs your school decides what information is kept and why, and answers to you for
              it. SchoolLedger is the service the school uses to run its fees: we keep and process the information for
              the school, only on its instructions, and never for our own purposes.
            </p>
          </Part>

          <Part id="what" title="What we keep">
            <List
              items={[
                'Names of parents, students and staff, and a student’s registration number.',
                'Contact details: email address, phone number and home address, and a profile picture if you add one.',
                'A student’s class, date of birth, guardian and emergency contact.',
                'Fees owed and paid, payments, receipts, refunds and any family credit.',
                'Messages sent to you: notices in the app, emails, and SMS or WhatsApp messages if you agreed to them.',
                'When you signed in, from which device, for your account’s security.',
              ]}
            />
          </Part>

          <Part id="why" title="Why we use it, and on what basis">
            <List
              items={[
                <>
                  <strong className="font-semibold text-slate-900 dark:text-white">To run the fees agreement</strong>{' '}
                  between your family and the school: charging fees, taking payments, issuing receipts and sending
                  reminders.
                </>,
                <>
                  <strong className="font-semibold text-slate-900 dark:text-white">
                    The school’s legitimate interest
                  </strong>{' '}
                  in keeping accurate accounts, preventing fraud and keeping the service secure.
                </>,
                <>
                  <strong className="font-semibold text-slate-900 dark:text-white">Your consent</strong> for SMS and
                  WhatsApp messages. You can withdraw it at any time, and the messages stop.
                </>,
                'The law, where it makes the school keep financial records.',
              ]}
            />
          </Part>

          <Part id="who-receives" title="Who receives it">
            <p>Only the services the school needs to do the things above:</p>
            <List
              items={[
                'Paystack and Flutterwave, when you pay online or into your family’s account number.',
                "Termii or Africa's Talking, which deliver SMS messages.",
                'WhatsApp, by Meta, which delivers WhatsApp messages.',
                'The school’s own email server, which sends emails.',
              ]}
            />
            <p>Your information is never sold, and never used for advertising.</p>
          </Part>

          <Part id="how-long" title="How long it is kept">
            <List
              items={[
                `Notices in the app, and the SMS and WhatsApp messages that carried them: ${RETENTION_DEFAULTS.notificationMonths} months, unless your school chooses a different period.`,
                `The server’s technical logs: ${RETENTION_DEFAULTS.systemLogMonths} months, unless your school chooses a different period.`,
                `Financial records (fees, payments, receipts, refunds and the school’s books): ${FINANCIAL_RECORDS_YEARS} years, as Nigerian tax law requires.`,
                'Your account: while you or your child are at the school. After you leave, the school can erase your personal details on request; financial records are kept for the years above, under the words “Erased person” instead of your name.',
              ]}
            />
          </Part>

          <Part id="rights" title="Your rights">
            <List
              items={[
                'See what is held about you, and get a copy.',
                'Have wrong or incomplete details corrected.',
                'Have your details erased once you have left the school, except what the law makes the school keep.',
                'Withdraw your consent to SMS and WhatsApp messages at any time.',
                'Object to how your information is used.',
                <>
                  Complain to the{' '}
                  <a
                    href={NDPC_URL}
                    className="font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-800 dark:text-emerald-400"
                    rel="noreferrer"
                    target="_blank"
                  >
                    Nigeria Data Protection Commission
                  </a>{' '}
                  if you are not happy with the answer you get.
                </>,
              ]}
            />
          </Part>

          <Part id="how" title="How to use your rights">
            <List
              items={[
                <>
                  <strong className="font-semibold text-slate-900 dark:text-white">Download your data</strong> at any
                  time: sign in, open your Profile page and use “Your data”.
                </>,
                'Ask at the school’s office, for a correction, an erasure or anything else.',
                'Email the school: its address is printed on every receipt.',
              ]}
            />
          </Part>

          <footer className="flex flex-wrap gap-x-6 gap-y-2 border-t border-slate-200 pt-6 dark:border-slate-800">
            <Link
              to="/login"
              className="font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-800 dark:text-emerald-400"
            >
              Sign in
            </Link>
            <Link
              to="/"
              className="font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-800 dark:text-emerald-400"
            >
              SchoolLedger home
            </Link>
          </footer>
        </article>
      </main>
    </div>
  );
}
