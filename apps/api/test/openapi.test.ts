import { randomUUID } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';
import { approvedFee, loadPaymentIds, payCash } from './payments-support.js';

type Document = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, OperationDoc>>;
};
type OperationDoc = {
  summary?: string;
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

describe('the OpenAPI document describes what the API really answers', () => {
  const t = useTestApp();
  let document: Document;
  let ajv: Ajv2020;
  let schoolId = '';
  let paymentId = '';

  beforeAll(async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
    // The document is OpenAPI 3.1, whose schemas are JSON Schema 2020-12.
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(document, 'openapi');
    const ids = await loadPaymentIds(t);
    schoolId = ids.school;
    paymentId = (await payCash(t, ids.student, await approvedFee(t, ids.school, ids.term), '1000'))._id;
  });

  /** The documented response of `method path` for `status`, in `type`, as a validator. */
  function validatorFor(method: string, path: string, status: number, type = 'application/json') {
    const response = document.paths[path]?.[method]?.responses[String(status)];
    expect(response?.content?.[type], `${method} ${path} ${status} ${type} is documented`).toBeDefined();
    const pointer = ['paths', path, method, 'responses', String(status), 'content', type, 'schema']
      .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
      .join('/');
    return ajv.getSchema(`openapi#/${pointer}`)!;
  }

  async function expectDocumented(who: string, method: string, path: string, url: string, status = 200) {
    const response = await t.app.inject({
      method: method.toUpperCase() as 'GET',
      url,
      headers: await t.as(who),
    });
    expect(response.statusCode, response.body).toBe(status);
    const validate = validatorFor(method, path, status);
    const valid = validate(response.json());
    expect(validate.errors ?? [], `${method.toUpperCase()} ${url}`).toEqual([]);
    expect(valid).toBe(true);
    return response.json();
  }

  it('is OpenAPI 3.1 with a server, and every operation has a summary and a unique operationId', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/', description: 'This SchoolLedger' }]);
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(130);
    expect(operations.filter((operation) => !operation.summary?.trim())).toEqual([]);
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => typeof id !== 'string' || !/^[a-z]+[A-Za-z]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the payment callbacks and webhooks', () => {
    for (const path of ['/api/v1/payment/paystack_callback', '/api/v1/payment/flutterwave_callback']) {
      expect(Object.keys(document.paths[path]?.get?.responses ?? {})).toContain('302');
    }
    for (const path of ['/api/v1/payment/paystack/webhook', '/api/v1/payment/flutterwave/webhook']) {
      expect(Object.keys(document.paths[path]?.post?.responses ?? {})).toEqual(['200', '401', '429']);
    }
  });

  it.each([
    ['/api/v1/fee/all', ['fees', 'items', 'amount']],
    ['/api/v1/student/fees', ['summary', 'totalOutstanding']],
    ['/api/v1/payment/all', ['payments', 'items', 'feePaid']],
    ['/api/v1/bursar/outstanding-fees-report', ['outstandingReport', 'byClassArm', 'items', 'outstanding']],
    ['/api/v1/paymentprofile/{school_id}', ['minimum_installment_amount']],
    ['/api/v1/payment/analytics', ['monthly', 'items', 'amount']],
  ])('GET %s documents its amounts as numbers of naira, though handlers hold kobo', (path, fields) => {
    const response = document.paths[path]?.get?.responses['200']?.content?.['application/json']?.schema;
    let schema = (response as { properties: Record<string, unknown> }).properties.data as Record<string, unknown>;
    for (const field of fields) {
      schema = (field === 'items' ? schema.items : (schema.properties as Record<string, unknown>)[field]) as Record<
        string,
        unknown
      >;
    }
    expect(schema).toEqual(expect.objectContaining({ type: 'number', examples: [1050.5] }));
  });

  it.each([
    ['admin', '/api/v1/user/profile', '/api/v1/user/profile'],
    ['admin', '/api/v1/user/all', '/api/v1/user/all?limit=5'],
    ['admin', '/api/v1/students', '/api/v1/students?limit=5'],
    ['admin', '/api/v1/fee/all', '/api/v1/fee/all?limit=5'],
    ['admin', '/api/v1/fee/stats', '/api/v1/fee/stats'],
    ['admin', '/api/v1/payment/all', '/api/v1/payment/all?limit=5'],
    ['admin', '/api/v1/payment/stats', '/api/v1/payment/stats'],
    ['admin', '/api/v1/school/all', '/api/v1/school/all'],
    ['admin', '/api/v1/groupschool/all', '/api/v1/groupschool/all'],
    ['admin', '/api/v1/session/all', '/api/v1/session/all'],
    ['admin', '/api/v1/classarm/all', '/api/v1/classarm/all'],
    ['student', '/api/v1/student/fees', '/api/v1/student/fees'],
    ['admin', '/api/v1/health', '/api/v1/health'],
  ])('%s: GET %s validates against its documented schema', async (who, path, url) => {
    const body = await expectDocumented(who, 'get', path, url);
    expect(body.success).toBe(true);
  });

  it('a school read by id, and a 404 and a 422, validate too', async () => {
    const school = await expectDocumented('admin', 'get', '/api/v1/school/{id}', `/api/v1/school/${schoolId}`);
    expect(school.data._id).toBe(schoolId);
    const missing = await expectDocumented('admin', 'get', '/api/v1/fee/{id}', `/api/v1/fee/${randomUUID()}`, 404);
    expect(missing.success).toBe(false);
    const invalid = await expectDocumented('admin', 'get', '/api/v1/fee/{id}', '/api/v1/fee/nope', 422);
    expect(invalid.errors.length).toBeGreaterThan(0);
  });

  it.each([
    ['/api/v1/user/export', '/api/v1/user/export', 'text/csv'],
    ['/api/v1/students/export', '/api/v1/students/export?format=csv', 'text/csv'],
    [
      '/api/v1/students/export',
      '/api/v1/students/export?format=xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    [
      '/api/v1/students/import/template',
      '/api/v1/students/import/template?format=xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    ['/api/v1/payment/{id}/receipt', 'receipt', 'application/pdf'],
  ])('GET %s (%s) answers the content type it documents', async (path, url, type) => {
    const target = url === 'receipt' ? `/api/v1/payment/${paymentId}/receipt` : url;
    const response = await t.app.inject({ method: 'GET', url: target, headers: await t.as('admin') });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toMatch(new RegExp(`^${type.replaceAll('.', '\\.')}(;|$)`));
    const documented = Object.keys(document.paths[path]?.get?.responses['200']?.content ?? {});
    expect(documented).toContain(type);
    expect(documented).not.toContain('application/json');
    // Its errors are still JSON, documented as JSON.
    expect(Object.keys(document.paths[path]?.get?.responses['404']?.content ?? {})).toEqual(['application/json']);
  });
});
