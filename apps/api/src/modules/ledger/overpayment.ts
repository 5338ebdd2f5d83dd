import { amountOverOutstanding } from '@schoolledger/domain';
import { amountAboveOutstanding, feeAlreadyPaid } from './ledger.errors.js';

/**
 * The over-payment rule every channel checks before money is asked for or taken: something must
 * be owed, and the amount may not pass what is owed less what transfers awaiting confirmation
 * already hold (`heldKobo`). Throws the coded error the payer sees; the domain writes its text.
 */
export function refuseOverpayment({
  amountKobo,
  owedKobo,
  heldKobo = 0n,
  field,
}: {
  amountKobo: bigint;
  owedKobo: bigint;
  heldKobo?: bigint;
  /** The request's field of the amount, where it is not `amount` (a line of several). */
  field?: string;
}) {
  if (owedKobo === 0n) throw feeAlreadyPaid();
  const over = amountOverOutstanding(amountKobo, owedKobo, heldKobo);
  if (over) throw amountAboveOutstanding(over, field);
}
