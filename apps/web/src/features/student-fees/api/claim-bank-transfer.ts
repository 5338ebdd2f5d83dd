import { type BankTransferClaimInput, bankTransferClaimInputSchema, paymentSchema } from '@schoolledger/domain';
import { upload } from '@/lib/api-client';

export interface BankTransferClaim extends BankTransferClaimInput {
  /** Optional picture of the transfer slip or the bank app's confirmation. */
  proof: File | null;
}

/** Tells the school a transfer was made; it stays pending until the bursar confirms it. */
export async function claimBankTransfer({ proof, ...input }: BankTransferClaim) {
  const fields: Record<string, string> = {
    fee_id: input.fee_id,
    amount: String(bankTransferClaimInputSchema.shape.amount.encode(input.amount)),
    transfer_date: input.transfer_date,
    bank_reference: input.bank_reference,
  };
  if (input.student_id) fields.student_id = input.student_id;
  const data = await upload('/payment/bank-transfer', proof, { field: 'proof', fields, silent: true });
  return paymentSchema.parse(data);
}
