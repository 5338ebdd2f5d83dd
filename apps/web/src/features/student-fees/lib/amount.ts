import { type AvailableMethods, formatNaira, koboToNaira, nairaToKobo, type StudentFee } from '@schoolledger/domain';

export type PaymentType = 'full' | 'installment';

export interface AmountRules {
  /** What is still owed: the full payment, and the most an installment may be. */
  outstanding: number;
  /** The smallest installment: the fee's own installment, or the school's minimum if higher. */
  minimum: number;
  /** Whether the fee and the school both allow paying part of it now. */
  installments: boolean;
}

export function amountRules(item: StudentFee, methods: AvailableMethods | undefined): AmountRules {
  const outstanding = nairaToKobo(item.outstanding);
  const feeMinimum = nairaToKobo(item.installmentAmount);
  const schoolMinimum = nairaToKobo(methods?.minimum_installment_amount ?? 0);
  const minimum = feeMinimum > schoolMinimum ? feeMinimum : schoolMinimum;
  return {
    outstanding: item.outstanding,
    minimum: koboToNaira(minimum),
    // When the minimum already covers what is owed, an installment would be the full payment.
    installments:
      item.fee.isInstallmentAllowed && Boolean(methods?.enable_installments) && minimum > 0n && minimum < outstanding,
  };
}

/** The reason an installment amount cannot be paid, or null when it can. Compared in kobo. */
export function installmentError(text: string, rules: AmountRules): string | null {
  if (!text.trim()) return 'Please enter the amount you want to pay';
  let kobo: bigint;
  try {
    kobo = nairaToKobo(text.replaceAll(',', ''));
  } catch {
    return 'Enter the amount in naira, with at most two decimals';
  }
  if (kobo < nairaToKobo(rules.minimum)) return `The minimum installment is ${formatNaira(rules.minimum)}`;
  if (kobo > nairaToKobo(rules.outstanding)) {
    return `You cannot pay more than the outstanding ${formatNaira(rules.outstanding)}`;
  }
  return null;
}

/** The naira string the API takes for a valid amount input. */
export const nairaText = (text: string) => text.replaceAll(',', '').trim();
