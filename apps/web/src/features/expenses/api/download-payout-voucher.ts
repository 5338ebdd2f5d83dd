import { download } from '@/lib/api-client';

/** The voucher needs the bearer token, so it is fetched and saved rather than linked. */
export function downloadPayoutVoucher({
  id,
  payoutId,
  voucherNo,
}: {
  id: string;
  payoutId: string;
  voucherNo: string;
}) {
  return download(`/expenses/${id}/payouts/${payoutId}/voucher`, `${voucherNo}.pdf`, { silent: true });
}
