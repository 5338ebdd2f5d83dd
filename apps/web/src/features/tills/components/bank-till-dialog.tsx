import { formatKobo, koboToDecimal, parseNaira, type TillSession } from '@schoolledger/domain';
import { type FormEvent, useState } from 'react';
import { FormDialog, FormField, Input } from '@/components/ui';
import { useBankTill } from '../api/bank-till';

type Errors = Partial<Record<'slip' | 'bank' | 'amount', string>>;

/** The counted cash taken to the bank: the deposit slip, the bank, and the amount paid in. */
export function BankTillDialog({ till, onClose }: { till: TillSession; onClose(): void }) {
  const counted = till.counted ?? 0n;
  const [slip, setSlip] = useState('');
  const [bank, setBank] = useState('');
  const [amount, setAmount] = useState(counted > 0n ? koboToDecimal(counted) : '');
  const [errors, setErrors] = useState<Errors>({});
  const bankTill = useBankTill();

  function submit(event: FormEvent) {
    event.preventDefault();
    const kobo = parseNaira(amount.trim());
    const found: Errors = {
      slip: slip.trim() ? undefined : 'Deposit slip number is required',
      bank: bank.trim() ? undefined : 'Bank is required',
      amount:
        kobo === null || kobo <= 0n
          ? 'Enter the amount paid in, in naira'
          : kobo > counted
            ? `At most ${formatKobo(counted)}, what was counted`
            : undefined,
    };
    setErrors(found);
    if (found.slip || found.bank || found.amount || kobo === null) return;
    bankTill.mutate(
      { id: till._id, input: { deposit_slip_no: slip.trim(), bank_name: bank.trim(), amount: kobo } },
      { onSuccess: onClose },
    );
  }

  return (
    <FormDialog
      title={`Bank the cash of ${till.desk}`}
      description={`${formatKobo(counted)} was counted at the close. Record the deposit as the bank's slip shows it.`}
      submitLabel="Record banking"
      busyLabel="Saving..."
      pending={bankTill.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormField label="Deposit slip number" required error={errors.slip}>
        <Input value={slip} maxLength={60} onChange={(event) => setSlip(event.target.value)} />
      </FormField>
      <FormField label="Bank" required error={errors.bank}>
        <Input
          value={bank}
          maxLength={100}
          onChange={(event) => setBank(event.target.value)}
          placeholder="GTBank, Ikeja"
        />
      </FormField>
      <FormField label="Amount paid in (₦)" required error={errors.amount}>
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}
