import { ArrowRight, Building2, ChartColumn, CreditCard, Lock, Mail, MapPin, Menu, Users, X, Zap } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { buttonClasses } from '@/components/ui';

const ANCHORS = [
  { href: '#features', label: 'Features' },
  { href: '#about', label: 'About' },
  { href: '#contact', label: 'Contact' },
];

// The six capabilities SPEC §1 lists for the public page.
const FEATURES = [
  {
    icon: Users,
    title: 'Multi-role user system',
    text: 'Administrators, proprietors, principals, bursars, auditors, students and parents each see what their role needs, behind secure sign-in.',
  },
  {
    icon: CreditCard,
    title: 'Fee collection',
    text: 'Collect fees by card through a payment provider, by bank transfer or in cash, with installment plans where the school allows them.',
  },
  {
    icon: Building2,
    title: 'Academic structure',
    text: 'Organise sessions, terms, classes and fee structures for every school in your group.',
  },
  {
    icon: ChartColumn,
    title: 'Financial reports and audit trails',
    text: 'See collections and outstanding fees at a glance, and trace every change to who made it and when.',
  },
  {
    icon: Lock,
    title: 'Security',
    text: 'Encrypted secrets, token authentication and role-based access keep each school’s data to its own people.',
  },
  {
    icon: Zap,
    title: 'Real-time updates',
    text: 'Payment confirmations and notifications reach bursars, parents and students as soon as money arrives.',
  },
];

const SUPPORT_EMAIL = 'support@schoolledger.ng';

const navLink =
  'rounded-md px-1 text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white';

function MobileMenu() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label="Open menu"
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Menu className="size-6" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 top-0 z-50 rounded-b-xl bg-white p-4 shadow-xl focus:outline-none md:hidden dark:bg-slate-900"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-semibold text-slate-900 dark:text-white">Menu</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <X className="size-6" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="mt-2 flex flex-col">
            {ANCHORS.map((anchor) => (
              <a
                key={anchor.href}
                href={anchor.href}
                onClick={() => setOpen(false)}
                className="rounded-lg px-3 py-3 text-base font-medium text-slate-700 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                {anchor.label}
              </a>
            ))}
            <Link to="/login" className={`${buttonClasses('primary', 'lg')} mt-3`}>
              Sign In
            </Link>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default function LandingPage() {
  return (
    <div className="min-h-dvh bg-white dark:bg-slate-950">
      <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <a href="#top" className="flex min-w-0 items-center gap-3 rounded-lg">
            <BrandMark className="size-9" />
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900 dark:text-white">SchoolLedger</span>
              <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                School fee management made simple
              </span>
            </span>
          </a>
          <nav aria-label="Main" className="hidden items-center gap-8 md:flex">
            {ANCHORS.map((anchor) => (
              <a key={anchor.href} href={anchor.href} className={navLink}>
                {anchor.label}
              </a>
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <div className="hidden md:block">
              <Link to="/login" className={buttonClasses('primary')}>
                Sign In
              </Link>
            </div>
            <MobileMenu />
          </div>
        </div>
      </header>

      <main id="top">
        <section className="relative overflow-hidden bg-gradient-to-b from-emerald-50 via-white to-white dark:from-emerald-950/40 dark:via-slate-950 dark:to-slate-950">
          <div className="mx-auto max-w-6xl px-4 pt-16 pb-16 text-center sm:px-6 sm:pt-24 sm:pb-20">
            <p className="mx-auto mb-5 w-fit rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold tracking-wide text-emerald-800 uppercase dark:bg-emerald-500/15 dark:text-emerald-300">
              Built for Nigerian school groups
            </p>
            <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl dark:text-white">
              Complete School Accounting Solution
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
              Approve fees, collect payments online, by transfer or in cash, and see every naira across all your schools
              in one place.
            </p>
            <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Link to="/login" className={`${buttonClasses('primary', 'lg')} w-full sm:w-auto`}>
                Get Started
                <ArrowRight className="size-5" aria-hidden="true" />
              </Link>
              <a href="#features" className={`${buttonClasses('secondary', 'lg')} w-full sm:w-auto`}>
                See What It Does
              </a>
            </div>
          </div>
        </section>

        <section id="features" className="scroll-mt-16 pt-8 pb-20 sm:pb-24">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <h2 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
                Everything a school bursary needs
              </h2>
              <p className="mt-4 text-slate-600 dark:text-slate-300">
                From the first fee approval to the last receipt, one system for every school in your group.
              </p>
            </div>
            <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <li
                  key={title}
                  className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="mb-4 inline-flex rounded-lg bg-emerald-50 p-2.5 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
                    <Icon className="size-6" aria-hidden="true" />
                  </div>
                  <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
                  <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="about" className="scroll-mt-16 bg-slate-50 py-20 sm:py-24 dark:bg-slate-900/50">
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2">
            <div>
              <h2 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">About SchoolLedger</h2>
              <p className="mt-4 leading-7 text-slate-600 dark:text-slate-300">
                SchoolLedger is fee management for nursery, primary and secondary schools in Nigeria, organised in
                school groups. Proprietors see the whole group, principals and bursars run their own school, and parents
                and students pay and track their fees from any phone.
              </p>
            </div>
            <ul className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
              {[
                'Amounts in naira, kept exact to the kobo',
                'Each school sees only its own data',
                'Every change to money, users and settings is recorded for audit',
              ].map((point) => (
                <li
                  key={point}
                  className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                >
                  <span className="mt-1 size-2 shrink-0 rounded-full bg-emerald-500" aria-hidden="true" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="bg-emerald-700 dark:bg-emerald-800">
          <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 lg:flex-row lg:justify-between lg:text-left">
            <div>
              <h2 className="text-3xl font-bold tracking-tight text-white">Ready to simplify fee collection?</h2>
              <p className="mt-2 text-emerald-100">
                Your administrator sets up your schools, fees and payment options, and gives each person their sign-in.
              </p>
            </div>
            <Link
              to="/login"
              className="inline-flex h-12 items-center justify-center rounded-lg bg-white px-6 font-semibold text-emerald-800 shadow-sm hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Sign In
            </Link>
          </div>
        </section>
      </main>

      <footer
        id="contact"
        className="scroll-mt-16 border-t border-slate-200 bg-slate-900 text-slate-300 dark:border-slate-800"
      >
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
          <div>
            <div className="flex items-center gap-3">
              <BrandMark className="size-8" />
              <span className="font-semibold text-white">SchoolLedger</span>
            </div>
            <p className="mt-4 text-sm leading-6 text-slate-400">School fee management for Nigerian school groups.</p>
          </div>
          <nav aria-label="Quick links">
            <h2 className="text-sm font-semibold text-white">Quick links</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {ANCHORS.map((anchor) => (
                <li key={anchor.href}>
                  <a href={anchor.href} className="hover:text-white">
                    {anchor.label}
                  </a>
                </li>
              ))}
              <li>
                <Link to="/login" className="hover:text-white">
                  Sign In
                </Link>
              </li>
              <li>
                <Link to="/privacy" className="hover:text-white">
                  Privacy notice
                </Link>
              </li>
            </ul>
          </nav>
          <div>
            <h2 className="text-sm font-semibold text-white">Contact</h2>
            <ul className="mt-4 space-y-3 text-sm">
              <li className="flex items-center gap-2">
                <Mail className="size-4 shrink-0" aria-hidden="true" />
                <a href={`mailto:${SUPPORT_EMAIL}`} className="hover:text-white">
                  {SUPPORT_EMAIL}
                </a>
              </li>
              <li className="flex items-center gap-2">
                <MapPin className="size-4 shrink-0" aria-hidden="true" />
                Lagos, Nigeria
              </li>
            </ul>
          </div>
        </div>
        <div className="border-t border-slate-800">
          <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-slate-400 sm:px-6">
            &copy; {new Date().getFullYear()} SchoolLedger. All rights reserved.
          </p>
        </div>
      </footer>
    </div>
  );
}
