import { describe, expect, it } from 'vitest';
import { isRunFinished } from '@/lib/report-runs';

describe('a generated report file', () => {
  it('is followed while queued or running, and no longer once the job is done with it', () => {
    expect(isRunFinished({ status: 'queued' })).toBe(false);
    expect(isRunFinished({ status: 'running' })).toBe(false);
    expect(isRunFinished({ status: 'ready' })).toBe(true);
    expect(isRunFinished({ status: 'failed' })).toBe(true);
    expect(isRunFinished({ status: 'expired' })).toBe(true);
  });
});
