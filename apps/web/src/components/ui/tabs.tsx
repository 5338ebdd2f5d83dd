import { clsx } from 'clsx';
import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';

export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={clsx('flex gap-1 border-b border-slate-200 dark:border-slate-800', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={clsx(
        '-mb-px inline-flex items-center gap-1.5 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-500 hover:text-slate-800 data-[state=active]:border-emerald-600 data-[state=active]:text-emerald-700 dark:text-slate-400 dark:hover:text-slate-200 dark:data-[state=active]:text-emerald-400',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={clsx('pt-4 focus-visible:outline-none', className)} {...props} />;
}

/**
 * A page's sections as tabs, one per `[value, label]`, wrapping on a phone; a section with work
 * waiting shows how much (`counts`).
 */
export function SectionTabsList<T extends string>({
  label,
  tabs,
  counts,
  className = 'flex-wrap',
}: {
  label: string;
  tabs: readonly (readonly [T, string])[];
  counts?: Partial<Record<T, number | undefined>>;
  className?: string;
}) {
  return (
    <TabsList aria-label={label} className={className}>
      {tabs.map(([value, text]) => {
        const waiting = counts?.[value];
        return (
          <TabsTrigger
            key={value}
            value={value}
            className="mb-0! shrink-0 whitespace-nowrap focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600"
          >
            {text}
            {waiting !== undefined && waiting > 0 && (
              <span className="rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-800 dark:bg-amber-500/20 dark:text-amber-300">
                {waiting}
              </span>
            )}
          </TabsTrigger>
        );
      })}
    </TabsList>
  );
}
