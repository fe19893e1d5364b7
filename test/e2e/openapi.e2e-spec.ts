import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { BENIGN_SKILL, textScan } from '../factories/scan-input.factory';
import { ADMIN_ENV, adminCookie } from '../utils/admin-session';
import { createTestApp, type TestApp } from '../utils/create-app';
import { startFakeProvider, type FakeProvider } from '../utils/fake-provider';

/**
 * The OpenAPI document is valid, lists every endpoint of the spec with its error responses and
 * the cookie scheme, and every real response of every endpoint validates against it — with
 * additionalProperties forbidden, so a field the document does not name fails the test.
 */
type Method = 'get' | 'post' | 'patch' | 'delete';

const SPEC_ENDPOINTS: Array<[Method, string]> = [
  ['get', '/api/healthz'], ['get', '/api/me'], ['get', '/api/dashboard'],
  ['post', '/api/auth/login'], ['post', '/api/auth/logout'],
  ['get', '/api/scans'], ['post', '/api/scans'], ['get', '/api/scans/{id}'], ['patch', '/api/scans/{id}'], ['delete', '/api/scans/{id}'],
  ['get', '/api/scans/{id}/compare/{otherId}'], ['get', '/api/scans/{id}/lineage'], ['post', '/api/scans/{id}/description'],
  ['get', '/api/providers'], ['post', '/api/providers'], ['patch', '/api/providers/{id}'], ['delete', '/api/providers/{id}'],
  ['post', '/api/providers/{id}/test'], ['post', '/api/providers/test-connection'], ['post', '/api/providers/list-models'],
  ['get', '/api/prompts'], ['patch', '/api/prompts/{id}'], ['get', '/api/rules'], ['patch', '/api/rules/{id}'],
  // issue 13
  ['get', '/api/scans/{id}/sarif'], ['get', '/api/suppressions'], ['post', '/api/suppressions'], ['delete', '/api/suppressions/{id}'],
];

/** OpenAPI 3.0 schema → JSON Schema for ajv: `nullable` becomes a null alternative; objects are closed. */
function toJsonSchema(schema: any): any {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: any = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || key === 'example' || key === 'xml' || key === 'externalDocs') continue;
    out[key] = typeof value === 'object' ? toJsonSchema(value) : value;
  }
  if (out.properties && out.additionalProperties === undefined && !out.allOf) out.additionalProperties = false;
  if (out.allOf) {
    // Flatten allOf (inheritance: ScanDetail extends Scan) so additionalProperties sees every field.
    const merged: any = { type: 'object', properties: {}, required: [] as string[] };
    for (const part of [...out.allOf, { ...out, allOf: undefined }]) {
      Object.assign(merged.properties, part.properties ?? {});
      merged.required.push(...(part.required ?? []));
    }
    merged.additionalProperties = false;
    return schema.nullable ? { anyOf: [merged, { type: 'null' }] } : merged;
  }
  if (schema.nullable) {
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (out.enum) out.enum = [...out.enum, null];
      return out;
    }
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

describe('OpenAPI document (e2e)', () => {
  let t: TestApp;
  let cookie: string;
  let fake: FakeProvider;
  let document: any;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();

  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await createTestApp(ADMIN_ENV);
    cookie = await adminCookie(t);
    const raw = (await t.http().get('/api/docs-json').expect(200)).body;
    await SwaggerParser.validate(structuredClone(raw));
    document = await SwaggerParser.dereference(structuredClone(raw));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  function validatorFor(method: Method, template: string, status: number): ValidateFunction {
    const key = `${method} ${template} ${status}`;
    let validate = validators.get(key);
    if (!validate) {
      const response = document.paths[template]?.[method]?.responses?.[String(status)];
      if (!response) throw new Error(`the document has no ${status} response for ${method.toUpperCase()} ${template}`);
      const schema = response.content?.['application/json']?.schema;
      if (!schema) throw new Error(`no JSON schema for ${status} of ${method.toUpperCase()} ${template}`);
      validate = ajv.compile(toJsonSchema(schema));
      validators.set(key, validate);
    }
    return validate;
  }

  async function call(method: Method, template: string, path: string, status: number, body?: unknown, withCookie = true) {
    let req = t.http()[method](path);
    if (withCookie) req = req.set('Cookie', cookie);
    const res = await (body === undefined ? req : req.send(body as object));
    expect({ route: `${method.toUpperCase()} ${path}`, status: res.status }).toEqual({ route: `${method.toUpperCase()} ${path}`, status });
    if (status === 204) {
      expect(document.paths[template][method].responses['204']).toBeDefined();
      return res;
    }
    const validate = validatorFor(method, template, status);
    if (!validate(res.body)) {
      throw new Error(`${method.toUpperCase()} ${path} → ${status} does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(res.body).slice(0, 500)}`);
    }
    return res;
  }

  it('lists every endpoint of the spec, documents errors and the cookie scheme', () => {
    for (const [method, path] of SPEC_ENDPOINTS) {
      const operation = document.paths[path]?.[method];
      expect({ endpoint: `${method} ${path}`, documented: Boolean(operation) }).toEqual({ endpoint: `${method} ${path}`, documented: true });
      const documentsErrors = Object.keys(operation.responses).some((s) => Number(s) >= 400);
      expect({ endpoint: `${method} ${path}`, documentsErrors }).toEqual({ endpoint: `${method} ${path}`, documentsErrors: true });
    }
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'session' });
    expect(document.paths['/api/providers'].get.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/scans/{id}'].get.responses['404']).toBeDefined();
    expect(document.paths['/api/scans'].post.responses['400']).toBeDefined();
    const input = document.paths['/api/scans'].post.requestBody.content['application/json'].schema;
    expect(input.required.sort()).toEqual(['source', 'useAi']);
  });

  it('every endpoint answers what the document says', async () => {
    await call('get', '/api/healthz', '/api/healthz', 200);
    await call('get', '/api/me', '/api/me', 200);
    await call('get', '/api/me', '/api/me', 200, undefined, false);
    await call('post', '/api/auth/login', '/api/auth/login', 200, { email: ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD }, false);
    await call('post', '/api/auth/login', '/api/auth/login', 401, { email: ADMIN_ENV.ADMIN_EMAIL, password: 'wrong-password' }, false);

    const first = (await call('post', '/api/scans', '/api/scans', 201, textScan(BENIGN_SKILL, { name: 'openapi v1' }))).body;
    const second = (await call('post', '/api/scans', '/api/scans', 201, textScan(`${BENIGN_SKILL}4. Add a summary line.\n`, { name: 'openapi v2' }))).body;
    await call('post', '/api/scans', '/api/scans', 201, textScan(BENIGN_SKILL));
    await call('post', '/api/scans', '/api/scans', 400, { source: 'text', useAi: false });
    await call('get', '/api/scans', '/api/scans', 200);
    await call('get', '/api/scans/{id}', `/api/scans/${second.id}`, 200);
    await call('get', '/api/scans/{id}', '/api/scans/987654', 404);
    await call('patch', '/api/scans/{id}', `/api/scans/${second.id}`, 200, { hidden: true });
    await call('patch', '/api/scans/{id}', `/api/scans/${second.id}`, 401, { hidden: false }, false);
    await call('patch', '/api/scans/{id}', '/api/scans/987654', 404, { hidden: false });
    await call('get', '/api/scans/{id}/compare/{otherId}', `/api/scans/${second.id}/compare/${first.id}`, 200);
    await call('get', '/api/scans/{id}/compare/{otherId}', `/api/scans/${second.id}/compare/987654`, 404);
    await call('get', '/api/scans/{id}/lineage', `/api/scans/${second.id}/lineage`, 200);
    await call('get', '/api/scans/{id}/lineage', '/api/scans/987654/lineage', 404);
    await call('post', '/api/scans/{id}/description', `/api/scans/${first.id}/description`, 422);
    await call('post', '/api/scans/{id}/description', '/api/scans/987654/description', 404);
    await call('get', '/api/dashboard', '/api/dashboard', 200);

    const provider = (await call('post', '/api/providers', '/api/providers', 201, {
      name: 'fake', apiType: 'provider_a', baseUrl: fake.baseUrl, model: 'model-a', apiToken: 'sk-openapi-test-token-1234',
    })).body;
    await call('post', '/api/providers', '/api/providers', 400, { name: '', apiType: 'provider_a', baseUrl: fake.baseUrl, model: 'm' });
    await call('get', '/api/providers', '/api/providers', 200);
    await call('get', '/api/providers', '/api/providers', 401, undefined, false);
    await call('patch', '/api/providers/{id}', `/api/providers/${provider.id}`, 200, { name: 'fake renamed' });
    await call('post', '/api/providers/{id}/test', `/api/providers/${provider.id}/test`, 200);
    await call('post', '/api/providers/test-connection', '/api/providers/test-connection', 200, { apiType: 'provider_b', baseUrl: fake.baseUrl, apiToken: 'k' });
    await call('post', '/api/providers/test-connection', '/api/providers/test-connection', 400, { apiType: 'nope' });
    await call('post', '/api/providers/list-models', '/api/providers/list-models', 200, { apiType: 'custom', baseUrl: fake.baseUrl, providerId: provider.id });
    await call('post', '/api/scans/{id}/description', `/api/scans/${first.id}/description`, 200);

    const prompts = (await call('get', '/api/prompts', '/api/prompts', 200)).body;
    await call('patch', '/api/prompts/{id}', `/api/prompts/${prompts[0].id}`, 200, { name: prompts[0].name });
    await call('patch', '/api/prompts/{id}', `/api/prompts/${prompts[0].id}`, 400, { content: '' });

    const rules = (await call('get', '/api/rules', '/api/rules', 200)).body;
    await call('patch', '/api/rules/{id}', `/api/rules/${rules[0].id}`, 200, { enabled: rules[0].enabled });
    await call('patch', '/api/rules/{id}', '/api/rules/987654', 404, { enabled: true });

    const suppression = (await call('post', '/api/suppressions', '/api/suppressions', 201, {
      ruleId: rules[0].ruleId, reason: 'Reviewed for the OpenAPI test.', path: 'scripts/**', expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    })).body;
    await call('post', '/api/suppressions', '/api/suppressions', 400, { ruleId: rules[0].ruleId, reason: 'short' });
    await call('post', '/api/suppressions', '/api/suppressions', 401, { ruleId: rules[0].ruleId, reason: 'Reviewed for the OpenAPI test.' }, false);
    await call('get', '/api/suppressions', '/api/suppressions', 200);
    await call('get', '/api/suppressions', '/api/suppressions', 401, undefined, false);
    await call('delete', '/api/suppressions/{id}', `/api/suppressions/${suppression.id}`, 204);
    await call('delete', '/api/suppressions/{id}', `/api/suppressions/${suppression.id}`, 404);
    await call('get', '/api/scans/{id}/sarif', '/api/scans/987654/sarif', 404);
    const sarif = await t.http().get(`/api/scans/${second.id}/sarif`).expect(200);
    expect(sarif.headers['content-type']).toMatch(/^application\/sarif\+json/);
    expect(document.paths['/api/scans/{id}/sarif'].get.responses['200'].content['application/sarif+json']).toBeDefined();

    await call('delete', '/api/providers/{id}', `/api/providers/${provider.id}`, 204);
    await call('delete', '/api/scans/{id}', `/api/scans/${first.id}`, 204);
    await call('post', '/api/auth/logout', '/api/auth/logout', 204);
  });

  it('serves Swagger UI at /api/docs', async () => {
    const res = await t.http().get('/api/docs').redirects(1).expect(200);
    expect(res.text).toContain('swagger-ui');
  });
});
