import {
  type AvailableMethods,
  amountBelowMinimum,
  amountOverOutstanding,
  initiatePaymentInputSchema,
  type Kobo,
  minimumInstallment,
  type StudentFee,
} from '@schoolledger/domain';

export type PaymentType = 'full' | 'installment';

export interface AmountRules {
  /** What is still owed: the full payment, and the most an installment may be. */
  outstanding: Kobo;
  /** The smallest installment: the fee's own installment, or the school's minimum if higher. */
  minimum: Kobo;
  /** Whether the fee and the school both allow paying part of it now. */
  installments: boolean;
}

export function amountRules(item: StudentFee, methods: AvailableMethods | undefined): AmountRules {
  const { outstanding } = item;
  const minimum = minimumInstallment(item.installmentAmount, methods?.minimum_installment_amount ?? 0n);
  return {
    outstanding,
    minimum,
    // When the minimum already covers what is owed, an installment would be the full payment.
    installments:
      item.fee.isInstallmentAllowed && Boolean(methods?.enable_installments) && minimum > 0n && minimum < outstanding,
  };
}

/** The API's own amount codec: the payer sees the message the server would give. */
const amountCodec = initiatePaymentInputSchema.shape.amount.unwrap();

/** An installment typed by the payer (thousands separators allowed), in kobo, or why it cannot be paid. */
export function parseInstallment(text: string, rules: AmountRules): { kobo: Kobo } | { error: string } {
  if (!text.trim()) return { error: 'Please enter the amount you want to pay' };
  const parsed = amountCodec.safeParse(text.replaceAll(',', ''));
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Please enter the amount you want to pay' };
  const kobo = parsed.data;
  const refused = amountBelowMinimum(kobo, rules.minimum) ?? amountOverOutstanding(kobo, rules.outstanding);
  return refused ? { error: refused } : { kobo };
}
