import {
  displayName,
  type NameParts,
  type VirtualAccount,
  type VirtualAccountCredit,
  type VirtualAccountProvider,
  type VirtualAccountSettings,
} from '@schoolledger/domain';
import type { ArrivalPayment, ListedArrival } from './credits.queries.js';
import type { ListedAccount, SettingsRow } from './virtual-accounts.queries.js';

/** A person joined by a left join: absent when its id is null. */
const personOf = (person: (NameParts & { id: string | null }) | null) =>
  person?.id ? { _id: person.id, name: displayName(person) } : null;

export function toVirtualAccount(row: ListedAccount): VirtualAccount {
  const { account } = row;
  return {
    _id: account.id,
    school: { _id: row.school.id, name: row.school.name },
    holder: {
      _id: row.holder.id,
      name: displayName(row.holder),
      kind: account.holderKind,
      payment_code: row.holder.paymentCode,
    },
    provider: account.provider,
    account_number: account.accountNumber,
    account_name: account.accountName,
    bank_name: account.bankName,
    active: account.active,
    createdBy: personOf(row.creator),
    createdAt: account.createdAt.toISOString(),
    deactivatedBy: personOf(row.deactivator),
    deactivatedAt: account.deactivatedAt?.toISOString() ?? null,
    deactivation_reason: account.deactivationReason,
  };
}

export function toSettings(
  schoolId: string,
  row: SettingsRow | undefined,
  facts: { defaultBank: string; providersWithKeys: VirtualAccountProvider[] },
): VirtualAccountSettings {
  const provider = row?.provider ?? 'paystack';
  return {
    school_id: schoolId,
    enabled: row?.enabled ?? false,
    preferred_bank: row?.preferredBank ?? facts.defaultBank,
    provider,
    keys_saved: facts.providersWithKeys.includes(provider),
    providers_with_keys: facts.providersWithKeys,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** An arrival with the payments it became, in the order they were credited. */
export function toArrival(row: ListedArrival, paymentsById: ReadonlyMap<string, ArrivalPayment>): VirtualAccountCredit {
  const { arrival } = row;
  return {
    _id: arrival.id,
    account:
      row.account?.id && row.holder?.id
        ? {
            _id: row.account.id,
            account_number: row.account.accountNumber,
            holder: { _id: row.holder.id, name: displayName(row.holder), kind: row.account.holderKind },
          }
        : null,
    receiver_account_number: arrival.receiverAccountNumber,
    provider: arrival.provider,
    transaction_id: arrival.providerTransactionId,
    reference: arrival.reference,
    amount: arrival.amountKobo,
    currency: arrival.currency,
    sender: { name: arrival.senderName, bank: arrival.senderBank, account_number: arrival.senderAccountNumber },
    narration: arrival.narration,
    paidAt: arrival.paidAt.toISOString(),
    status: arrival.status,
    reason: arrival.reason,
    unplaced: arrival.unplacedKobo,
    payments: arrival.paymentIds.flatMap((id) => {
      const payment = paymentsById.get(id);
      return payment
        ? [
            {
              _id: payment.id,
              receiptNo: payment.receiptNo,
              amount: payment.amountKobo,
              student: { _id: payment.student.id, name: displayName(payment.student) },
              fee: { _id: payment.fee.id, name: payment.fee.name },
            },
          ]
        : [];
    }),
    createdAt: arrival.createdAt.toISOString(),
  };
}
