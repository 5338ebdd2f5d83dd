import {
  ADJUSTMENT_STATUS_LABELS,
  type AdjustmentRule,
  adjustmentReversalSchema,
  capitalize,
  formatKobo,
  formatPercent,
  plural,
} from '@schoolledger/domain';
import { Check, Plus, Users, X } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Badge, Button, Card, EmptyState, ReasonDialog, Switch } from '@/components/ui';
import { useDecideAdjustmentRule } from '../api/decide-adjustment-rule';
import { useAdjustmentRules } from '../api/get-adjustment-rules';
import { useSetAdjustmentRuleActive } from '../api/set-adjustment-rule-active';
import { RULE_KIND_LABELS, STATUS_VARIANT } from '../lib/format';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import type { AdjustmentPermissions } from '../lib/permissions';
import { RuleFormDialog } from './rule-form-dialog';

/** What the rule takes off: the sibling percentages, or the fixed amount or percentage of each fee. */
function rates(rule: AdjustmentRule) {
  if (rule.kind === 'sibling')
    return `2nd child ${formatPercent(rule.secondPercent ?? 0)}, 3rd and later ${formatPercent(rule.laterPercent ?? 0)}`;
  if (rule.basis === 'percent' && rule.percent !== null) return `${formatPercent(rule.percent)} of each fee`;
  return rule.amount === null ? '—' : `${formatKobo(rule.amount)} off each fee`;
}

export function RulesPanel({ may }: { may: AdjustmentPermissions }) {
  const rules = useAdjustmentRules(true);
  const decide = useDecideAdjustmentRule();
  const setActive = useSetAdjustmentRuleActive();
  const [creating, setCreating] = useState(false);
  const [rejecting, setRejecting] = useState<AdjustmentRule | null>(null);

  const body = (
    <QueryState
      query={rules}
      loading="Loading rules..."
      errorTitle={ADJUSTMENT_MESSAGES.rulesFailed}
      isEmpty={(data) => data.rules.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={Users}
            title="No rules yet"
            description="Sibling discounts, staff-child discounts and named scholarships apply to every matching fee once approved."
          />
        </Card>
      }
    >
      {(data) => (
        <ul className="grid gap-4 lg:grid-cols-2">
          {data.rules.map((rule) => (
            <li key={rule._id} className="contents">
              <RuleCard
                rule={rule}
                may={may}
                approving={decide.isPending && decide.variables?.id === rule._id}
                switching={setActive.isPending && setActive.variables?.id === rule._id}
                onApprove={() => decide.mutate({ id: rule._id, decision: { status: 'approved' } })}
                onReject={() => setRejecting(rule)}
                onActive={(isActive) => setActive.mutate({ id: rule._id, isActive })}
              />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">
          Rules{rules.data && ` (${rules.data.rules.length})`}
        </h2>
        {may.manage && (
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" />
            New rule
          </Button>
        )}
      </div>
      {body}
      {creating && <RuleFormDialog may={may} onClose={() => setCreating(false)} />}
      {rejecting && (
        <ReasonDialog
          title="Reject rule"
          description={<p>Reject “{rejecting.name}”? It will make no adjustments.</p>}
          label="Reason for rejecting"
          confirmLabel="Reject"
          schema={adjustmentReversalSchema}
          pending={decide.isPending}
          onConfirm={(reason) =>
            decide.mutate(
              { id: rejecting._id, decision: { status: 'rejected', reason } },
              { onSuccess: () => setRejecting(null) },
            )
          }
          onClose={() => setRejecting(null)}
        />
      )}
    </div>
  );
}

interface RuleCardProps {
  rule: AdjustmentRule;
  may: AdjustmentPermissions;
  approving: boolean;
  switching: boolean;
  onApprove(): void;
  onReject(): void;
  onActive(isActive: boolean): void;
}

function RuleCard({ rule, may, approving, switching, onApprove, onReject, onActive }: RuleCardProps) {
  const own = may.recordedBy(rule.createdBy);
  return (
    <article
      aria-label={rule.name}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900 dark:text-white">{rule.name}</h3>
          <p className="text-slate-500 dark:text-slate-400">
            {RULE_KIND_LABELS[rule.kind]} · {rule.school?.name ?? 'All schools'}
          </p>
        </div>
        <Badge variant={STATUS_VARIANT[rule.status]} className="shrink-0">
          {ADJUSTMENT_STATUS_LABELS[rule.status]}
        </Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        <dt className="text-slate-500 dark:text-slate-400">Takes off</dt>
        <dd className="font-medium text-slate-900 dark:text-white">{rates(rule)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Fee types</dt>
        <dd className="text-slate-700 dark:text-slate-200">{rule.feeTypes.map(capitalize).join(', ')}</dd>
        {rule.kind === 'scholarship' && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">Holders</dt>
            <dd className="text-slate-700 dark:text-slate-200">
              {rule.students.map((student) => student.name).join(', ') || '—'}
            </dd>
          </>
        )}
        <dt className="text-slate-500 dark:text-slate-400">Applied</dt>
        <dd className="text-slate-700 dark:text-slate-200">{plural(rule.applied, 'adjustment')}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Made by</dt>
        <dd className="text-slate-700 dark:text-slate-200">
          {rule.createdBy?.name ?? '—'}
          {rule.decidedBy && ` · ${rule.status === 'rejected' ? 'rejected' : 'approved'} by ${rule.decidedBy.name}`}
        </dd>
        {rule.rejectionReason && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">Reason</dt>
            <dd className="break-words text-slate-700 dark:text-slate-200">{rule.rejectionReason}</dd>
          </>
        )}
      </dl>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-3 dark:border-slate-800">
        <div className="flex items-center gap-2">
          <Switch
            label={`${rule.name} active`}
            checked={rule.isActive}
            disabled={!may.manage || switching}
            onChange={onActive}
          />
          <span className="text-slate-600 dark:text-slate-300">{rule.isActive ? 'Active' : 'Off'}</span>
        </div>
        {rule.status === 'pending' &&
          may.approve &&
          (own ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">{ADJUSTMENT_MESSAGES.ownRule}</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" loading={approving} onClick={onApprove} aria-label={`Approve ${rule.name}`}>
                {!approving && <Check className="size-4" aria-hidden="true" />}
                Approve
              </Button>
              <Button variant="secondary" size="sm" onClick={onReject} aria-label={`Reject ${rule.name}`}>
                <X className="size-4" aria-hidden="true" />
                Reject
              </Button>
            </div>
          ))}
      </div>
    </article>
  );
}
