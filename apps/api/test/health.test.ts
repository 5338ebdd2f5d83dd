import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';

describe('health and documentation', () => {
  const t = useTestApp();

  it('reports the database as connected', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { status: 'ok', database: { status: 'connected' } } });
  });

  it('serves an OpenAPI document that lists the academic endpoints', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/school/all', '/api/v1/classarm/{id}/student-count']),
    );
  });

  it('serves the browsable reference', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('/api/openapi.json');
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Resource not found', data: null });
  });
});
