import 'fake-indexeddb/auto';
import { ERROR_CODES, type OwedFees } from '@schoolledger/domain';
import { describe, expect, it } from 'vitest';
import { deskStore, type QueuedPayment } from '@/features/cash-desk/lib/desk-store';
import { feesFromCopy } from '@/features/cash-desk/lib/offline-fees';
import { outcomeOfFailure, type SendOutcome, shortCodeOf, syncWaiting } from '@/features/cash-desk/lib/payment-queue';
import { ApiError } from '@/lib/api-client';

const student = '11111111-1111-4111-8111-111111111111';
const fee = '33333333-3333-4333-8333-333333333333';
let clock = Date.parse('2026-01-12T08:00:00Z');

function payment(ownerId: string, amount: bigint): QueuedPayment {
  const idempotencyKey = crypto.randomUUID();
  clock += 1000;
  return {
    idempotencyKey,
    shortCode: shortCodeOf(idempotencyKey),
    ownerId,
    bursar: 'Adaeze Okafor',
    recordedAt: new Date(clock).toISOString(),
    input: { user_id: student, fee_id: fee, amount },
    student: {
      _id: student,
      name: 'Chiamaka Eze',
      regNo: 'CVC/2025/0142',
      classArm: 'JSS 2A',
      school: 'Crestview',
      schoolId: fee,
    },
    fee: { _id: fee, name: 'JSS Tuition', term: 'First Term, 2025/2026' },
    status: 'waiting',
  };
}

async function queue(ownerId: string, amounts: bigint[]) {
  const queued = amounts.map((amount) => payment(ownerId, amount));
  // Stored out of order: the queue goes by when each was taken, not by when it was written.
  for (const each of [...queued].reverse()) await deskStore.add(each);
  return queued;
}

const receiptFor = (item: QueuedPayment): SendOutcome => ({
  kind: 'recorded',
  receipt: { paymentId: item.idempotencyKey, receiptNo: `CVC-2026-${item.shortCode}`, paidAt: null },
});

describe('the offline cash queue', () => {
  it('sends oldest first, one at a time, each under its own key, and keeps each answer', async () => {
    const owner = crypto.randomUUID();
    const queued = await queue(owner, [100_00n, 200_00n, 300_00n]);
    const sent: string[] = [];
    let inFlight = 0;
    const result = await syncWaiting({
      store: deskStore,
      ownerId: owner,
      send: async (item) => {
        inFlight++;
        expect(inFlight).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        sent.push(item.idempotencyKey);
        return item.input.amount === 200_00n
          ? { kind: 'refused', message: 'This fee is already paid' }
          : receiptFor(item);
      },
    });

    expect(sent).toEqual(queued.map((item) => item.idempotencyKey));
    expect(result).toEqual({ synced: 2, refused: 1, stopped: false });
    const kept = await deskStore.paymentsOf(owner);
    expect(kept.map((item) => item.status)).toEqual(['synced', 'attention', 'synced']);
    expect(kept[0]!.receipt?.receiptNo).toBe(`CVC-2026-${queued[0]!.shortCode}`);
    expect(kept[1]!.problem).toBe('This fee is already paid');
  });

  it('stops at a payment with no answer and later sends it again under the same key, the others once', async () => {
    const owner = crypto.randomUUID();
    const queued = await queue(owner, [1n, 2n, 3n]);
    const sent: string[] = [];
    let networkUp = false;
    const send = async (item: QueuedPayment): Promise<SendOutcome> => {
      sent.push(item.idempotencyKey);
      if (item.input.amount === 2n && !networkUp) return { kind: 'unanswered' };
      return receiptFor(item);
    };

    expect(await syncWaiting({ store: deskStore, ownerId: owner, send })).toEqual({
      synced: 1,
      refused: 0,
      stopped: true,
    });
    expect((await deskStore.paymentsOf(owner)).map((item) => item.status)).toEqual(['synced', 'waiting', 'waiting']);

    networkUp = true;
    await syncWaiting({ store: deskStore, ownerId: owner, send });
    const [first, second, third] = queued.map((item) => item.idempotencyKey);
    expect(sent).toEqual([first, second, second, third]);
    expect((await deskStore.paymentsOf(owner)).map((item) => item.status)).toEqual(['synced', 'synced', 'synced']);
  });

  it("sends only the signed-in person's payments; another's wait for them", async () => {
    const owner = crypto.randomUUID();
    const colleague = crypto.randomUUID();
    await queue(owner, [5n]);
    await queue(colleague, [6n]);
    const sent: bigint[] = [];
    await syncWaiting({
      store: deskStore,
      ownerId: owner,
      send: async (item) => {
        sent.push(item.input.amount);
        return receiptFor(item);
      },
    });
    expect(sent).toEqual([5n]);
    expect((await deskStore.paymentsOf(colleague))[0]!.status).toBe('waiting');
  });

  it("includes a payment queued while the sync runs (another tab's)", async () => {
    const owner = crypto.randomUUID();
    await queue(owner, [7n]);
    let late: QueuedPayment | null = null;
    const sent: bigint[] = [];
    await syncWaiting({
      store: deskStore,
      ownerId: owner,
      send: async (item) => {
        sent.push(item.input.amount);
        if (!late) {
          late = payment(owner, 8n);
          await deskStore.add(late);
        }
        return receiptFor(item);
      },
    });
    expect(sent).toEqual([7n, 8n]);
  });

  it("takes a refusal as final, but no answer, a server error or an ended session as 'try again'", () => {
    const refused = new ApiError(409, 'This fee is already paid', [], 'This fee is already paid', 'FEE_ALREADY_PAID');
    expect(outcomeOfFailure(refused)).toEqual({ kind: 'refused', message: 'This fee is already paid' });
    expect(outcomeOfFailure(new ApiError(422, 'Amount cannot be more than the outstanding ₦5,000.00'))).toEqual({
      kind: 'refused',
      message: 'Amount cannot be more than the outstanding ₦5,000.00',
    });
    for (const error of [
      new ApiError(0, 'Network error'),
      new ApiError(401, 'Session expired'),
      new ApiError(500, 'Server error'),
      new ApiError(503, 'Unavailable'),
      new ApiError(429, 'Too many requests'),
      new ApiError(403, 'Change your password', [], '', ERROR_CODES.passwordChangeRequired),
      new TypeError('answer not understood'),
    ]) {
      expect(outcomeOfFailure(error)).toEqual({ kind: 'unanswered' });
    }
  });
});

describe("the desk's copy of what is owed, offline", () => {
  const copy: OwedFees = {
    school: { _id: fee, name: 'Crestview' },
    asOf: '2026-01-12T07:00:00.000Z',
    students: [
      {
        _id: student,
        name: 'Chiamaka Eze',
        regNo: 'CVC/2025/0142',
        classArm: 'JSS 2A',
        fees: [
          {
            fee: {
              _id: fee,
              name: 'JSS Tuition',
              type: 'tuition',
              term: { name: 'First Term', session: { name: '2025/2026' } },
            },
            amountDue: 150_000_00n,
            amountPaid: 0n,
            outstanding: 150_000_00n,
            dueDate: '2026-01-30',
          },
        ],
      },
    ],
  };

  it('takes off what was taken offline and not yet in the copy, and drops a fee paid in full', () => {
    const waiting = { ...payment('someone', 50_000_00n) };
    const sentAfterCopy = {
      ...payment('someone', 40_000_00n),
      status: 'synced' as const,
      settledAt: '2026-01-12T08:00:00.000Z',
    };
    const sentBeforeCopy = {
      ...payment('someone', 1n),
      status: 'synced' as const,
      settledAt: '2026-01-12T06:00:00.000Z',
    };
    const refused = { ...payment('someone', 2n), status: 'attention' as const };
    const fees = feesFromCopy(copy, student, [waiting, sentAfterCopy, sentBeforeCopy, refused]);
    expect(fees?.fees[0]?.outstanding).toBe(60_000_00n);
    expect(fees?.fees[0]?.amountPaid).toBe(90_000_00n);

    const paidInFull = feesFromCopy(copy, student, [payment('someone', 150_000_00n)]);
    expect(paidInFull?.fees).toEqual([]);
    expect(feesFromCopy(copy, crypto.randomUUID(), [])).toBeNull();
  });
});
