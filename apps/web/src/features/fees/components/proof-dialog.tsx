import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, buttonClasses, ErrorBanner, LoadingState, Modal } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { usePaymentProof } from '../api/get-payment-proof';
import { PAYMENT_MESSAGES } from '../lib/payment-messages';

/** The image the payer attached to their transfer claim, fetched with the staff member's token. */
export function ProofDialog({ paymentId, payer, onClose }: { paymentId: string; payer: string; onClose(): void }) {
  const proof = usePaymentProof(paymentId);
  const [href, setHref] = useState<string | null>(null);

  useEffect(() => {
    if (!proof.data) return;
    const url = URL.createObjectURL(proof.data);
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [proof.data]);

  let body: React.ReactNode;
  if (proof.isPending || (proof.data && !href)) body = <LoadingState label="Loading proof..." />;
  else if (proof.isError) {
    body = (
      <ErrorBanner title={PAYMENT_MESSAGES.proofFailed}>
        <p>{errorMessage(proof.error, 'Please try again.')}</p>
      </ErrorBanner>
    );
  } else {
    body = (
      <img
        src={href ?? undefined}
        alt={`Proof of transfer from ${payer}`}
        className="mx-auto max-h-[60dvh] w-auto rounded-lg border border-slate-200 object-contain dark:border-slate-700"
      />
    );
  }

  const extension = proof.data?.type.split('/')[1] ?? 'png';
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Proof of payment"
      description={`Uploaded by ${payer} with the transfer claim.`}
      size="lg"
      footer={
        <>
          {href && (
            <a href={href} download={`transfer-proof.${extension}`} className={buttonClasses('secondary')}>
              <Download className="size-4" aria-hidden="true" />
              Download
            </a>
          )}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {body}
    </Modal>
  );
}
