import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/notify', () => ({ notify: { error: () => {}, success: () => {}, info: () => {} } }));

const refusal = (code: unknown) => ({
  success: false,
  message: "This file's columns were not recognised.",
  data: null,
  code,
  errors: [{ field: 'file', message: "This file's columns were not recognised." }],
});

describe("a refusal's code reaches the screen that asked", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('carries one of our codes, and not a stranger’s text', async () => {
    const { api } = await import('@/lib/api-client');
    for (const [sent, kept] of [
      ['STATEMENT_COLUMNS_NEEDED', 'STATEMENT_COLUMNS_NEEDED'],
      ['SOME_PROXY_ERROR', null],
      [42, null],
    ] as const) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(refusal(sent)), { status: 422 })),
      );
      await expect(api.get('/bank-statements/lines', { silent: true })).rejects.toMatchObject({
        status: 422,
        code: kept,
        errors: [{ field: 'file', message: "This file's columns were not recognised." }],
      });
    }
  });
});
