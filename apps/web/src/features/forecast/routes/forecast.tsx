import { can, formatKobo, mayOpen, plural, type SchoolForecast } from '@schoolledger/domain';
import { CalendarOff, FileDown, LineChart, School } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Card, CardBody, CardHeader, EmptyState, FormField, LoadingState, PageHeader, Select } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useForecast } from '../api/get-forecast';
import { Accuracy } from '../components/accuracy';
import { CashFlow } from '../components/cash-flow';
import { Commitments } from '../components/commitments';
import { ForecastChart } from '../components/forecast-chart';
import { Figure, Headline } from '../components/headline';
import { WhatMovesIt } from '../components/what-moves-it';
import { groupSummary, shareOf, sharePercent } from '../lib/forecast-view';
import { FORECAST_MESSAGES } from '../lib/messages';

/** Will collections cover what must be paid? Each school's term, its forecast to the end and the cash flow ahead. */
export default function ForecastPage() {
  const forecast = useForecast();
  const [params, setParams] = useSearchParams();
  const roles = useAuthStore((state) => state.user?.roles ?? []);
  const manages = can(roles, 'forecast.manage');
  const reminds = can(roles, 'notifications.reminders');
  const reports = mayOpen(roles, '/reports');

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Collections Forecast"
        description="What each school has collected this term, what it can expect by the term's end judged by its past terms, and whether that covers what must be paid."
      />
      <QueryState
        query={forecast}
        loading={<LoadingState label="Loading the forecast..." />}
        errorTitle={FORECAST_MESSAGES.loadFailed}
        isEmpty={(data) => data.schools.length === 0}
        empty={
          <Card>
            <EmptyState
              icon={School}
              title="No schools to forecast"
              description="Your account is not linked to a school yet."
            />
          </Card>
        }
      >
        {(data) => {
          const chosen = data.schools.find((school) => school.school._id === params.get('school')) ?? data.schools[0]!;
          return (
            <div className="space-y-6">
              {data.schools.length > 1 && (
                <GroupLine
                  schools={data.schools}
                  chosen={chosen.school._id}
                  onChoose={(school) => setParams({ school }, { replace: true })}
                />
              )}
              {data.group_cash_flow && data.group_cash_flow.weeks.length > 0 && (
                <CashFlow
                  cashFlow={data.group_cash_flow}
                  title="Cash flow ahead for the group"
                  label="The group's cash flow week by week"
                  itemised={false}
                />
              )}
              <SchoolView
                key={chosen.school._id}
                school={chosen}
                today={data.date}
                manages={manages}
                reminds={reminds}
                reports={reports}
              />
            </div>
          );
        }}
      </QueryState>
    </div>
  );
}

function GroupLine({
  schools,
  chosen,
  onChoose,
}: {
  schools: readonly SchoolForecast[];
  chosen: string;
  onChoose(schoolId: string): void;
}) {
  const group = groupSummary(schools);
  return (
    <Card>
      <CardHeader
        title="The group this term"
        description={
          group.without > 0
            ? `Expected by term end counts the ${plural(group.forecast, 'school')} with a forecast; ${plural(group.without, 'school')} ${group.without === 1 ? 'has' : 'have'} too little history.`
            : `All ${schools.length} schools, each to its own term's end.`
        }
      />
      <CardBody className="space-y-5">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Figure label="Billed" value={formatKobo(group.billed)} />
          <Figure
            label="Collected"
            value={formatKobo(group.collected)}
            hint={`${sharePercent(shareOf(group.collected, group.billed))} of the bill`}
          />
          <Figure
            label="Expected by term end"
            value={group.forecast > 0 ? formatKobo(group.expected) : 'No forecast yet'}
            hint={group.forecast > 0 ? `Low ${formatKobo(group.low)} – high ${formatKobo(group.high)}` : undefined}
          />
        </dl>
        <FormField label="School" className="max-w-md">
          <Select value={chosen} onChange={(event) => onChoose(event.target.value)}>
            {schools.map((school) => (
              <option key={school.school._id} value={school.school._id}>
                {school.school.name}
              </option>
            ))}
          </Select>
        </FormField>
      </CardBody>
    </Card>
  );
}

function SchoolView({
  school,
  today,
  manages,
  reminds,
  reports,
}: {
  school: SchoolForecast;
  today: string;
  manages: boolean;
  /** Whether the caller may remind families of what they owe. */
  reminds: boolean;
  /** Whether the caller may open Reports, where the same forecast prints on the letterhead. */
  reports: boolean;
}) {
  return (
    <section aria-labelledby="school-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="school-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {school.school.name}
        </h2>
        {reports && school.term && (
          <Link
            to={`/reports?${new URLSearchParams({ report: 'forecast', school: school.school._id })}`}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-300"
          >
            <FileDown className="size-4" aria-hidden="true" />
            PDF, Excel or CSV report
          </Link>
        )}
      </div>
      {school.term ? (
        <>
          <Headline school={school} />
          {school.forecast.enough ? (
            <>
              <ForecastChart school={school} />
              <Accuracy school={school} />
            </>
          ) : (
            <Card>
              <EmptyState
                icon={LineChart}
                title="Not enough history to forecast"
                description={`A forecast needs at least two past terms with a bill; this school has ${plural(school.forecast.past_terms, 'past term')}. Until then the cash flow counts only what is already in.`}
              />
            </Card>
          )}
          <CashFlow cashFlow={school.cash_flow} title="Cash flow ahead" label="Cash flow week by week" itemised />
          <WhatMovesIt schoolId={school.school._id} reminds={reminds} />
        </>
      ) : (
        <Card>
          <EmptyState
            icon={CalendarOff}
            title="No term in progress"
            description="The forecast and the cash flow start with the school's next term."
          />
        </Card>
      )}
      <Commitments schoolId={school.school._id} today={today} manages={manages} />
    </section>
  );
}
