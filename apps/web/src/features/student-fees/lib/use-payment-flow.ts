import type { Kobo, OnlineMethod, StudentFee } from '@schoolledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useReducer, useRef } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { getPaymentStatus } from '../api/get-payment-status';
import { initiatePayment } from '../api/initiate-payment';
import { studentFeeKeys } from '../api/keys';
import { PAYMENT_TEXT } from './messages';
import { type Attempt, initialFlow, paymentFlowReducer, watchedAttempt } from './payment-flow';
import { openPaymentWindow, POLL_MS, reopenPaymentWindow } from './payment-popup';
import { watchPaymentReturn } from './payment-window';

/**
 * The payment dialog's side of the world: the provider's window, the status checks and the
 * refreshes. Which step shows is the reducer's alone (`payment-flow.ts`).
 */
export function usePaymentFlow(studentId: string | null, reference: string | null) {
  const queryClient = useQueryClient();
  const [flow, dispatch] = useReducer(paymentFlowReducer, reference, initialFlow);
  const popup = useRef<Window | null>(null);
  /** One status request at a time, whichever of the button, the poll or the window's return asks. */
  const checking = useRef(false);
  /** A closed dialog neither refreshes the page nor closes the window on a late answer. */
  const open = useRef(true);

  // What is owed and what was paid change with any payment, even one still pending.
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studentFeeKeys.allFees() }),
        queryClient.invalidateQueries({ queryKey: studentFeeKeys.allPayments() }),
      ]),
    [queryClient],
  );

  /** Asks the server, which verifies with the provider, and shows only what it confirms. */
  const check = useCallback(
    async (attempt: Attempt) => {
      if (checking.current) return;
      checking.current = true;
      dispatch({ type: 'check', attempt });
      try {
        const result = await getPaymentStatus(attempt.reference);
        if (!open.current) return;
        void refresh();
        if (result.status === 'success') popup.current?.close();
        dispatch({ type: 'checked', attempt, result });
      } catch (error) {
        notify.error(errorMessage(error, 'Failed to check the payment. Please try again.'));
        dispatch({ type: 'check_failed', attempt });
      } finally {
        checking.current = false;
      }
    },
    [refresh],
  );

  // The payer came back to this tab from the provider: show that payment's outcome at once.
  useEffect(() => {
    open.current = true;
    if (reference) void check({ reference, method: null, paymentUrl: null });
    return () => {
      open.current = false;
    };
  }, [reference, check]);

  // The payment window came back from the provider: ask at once instead of at the next poll.
  const onReturn = useEffectEvent((returned: string) => {
    const { step } = flow;
    if (step.name === 'processing' && step.attempt?.reference === returned) void check(step.attempt);
  });
  const { watching } = flow;
  useEffect(() => {
    if (!watching) return;
    return watchPaymentReturn(watching, () => onReturn(watching));
  }, [watching]);

  // SPEC §7: every second, whether the payer closed the payment window.
  const watched = watchedAttempt(flow.step);
  useEffect(() => {
    if (!watched) return;
    const timer = setInterval(() => {
      if (!popup.current?.closed) return;
      popup.current = null;
      clearInterval(timer);
      void check(watched);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [watched, check]);

  function payOnline(method: OnlineMethod, fee: StudentFee, amount: Kobo | undefined) {
    // Opened inside the click: a window opened after waiting for the server would be blocked.
    const payWindow = openPaymentWindow(method);
    popup.current = payWindow;
    dispatch({ type: 'connect' });
    initiatePayment({
      fee_id: fee.fee._id,
      ...(studentId ? { user_id: studentId } : {}),
      payment_method: method,
      ...(amount === undefined ? {} : { amount }),
    }).then(
      ({ result, message }) => {
        if (message) notify.success(message);
        if (!result.paymentUrl) {
          payWindow?.close();
          void refresh();
          dispatch({ type: 'started_without_page' });
          return;
        }
        const attempt = { reference: result.reference, method, paymentUrl: result.paymentUrl };
        const usable = payWindow !== null && !payWindow.closed;
        if (usable) payWindow.location.href = result.paymentUrl;
        dispatch({ type: 'page_ready', attempt, blocked: !usable });
      },
      (error) => {
        payWindow?.close();
        popup.current = null;
        notify.error(errorMessage(error, PAYMENT_TEXT.initiateFailed));
        dispatch({ type: 'start_failed' });
      },
    );
  }

  function openPaymentPage(attempt: Attempt) {
    if (!attempt.paymentUrl) return;
    const payWindow = reopenPaymentWindow(attempt.paymentUrl);
    if (!payWindow) return;
    popup.current = payWindow;
    dispatch({ type: 'page_reopened', attempt });
  }

  return { step: flow.step, dispatch, refresh, check, payOnline, openPaymentPage };
}
