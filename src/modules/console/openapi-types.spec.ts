import { readFileSync } from 'node:fs';
import { API_TYPES_FILE, openApiDocument, renderApiTypes, schemaType } from './openapi-types';

describe('console API types from the OpenAPI document', () => {
  it('maps schemas to TypeScript: refs, enums, nullable, arrays, allOf, maps, optional properties', () => {
    expect(schemaType({ $ref: '#/components/schemas/Scan' })).toBe('Scan');
    expect(schemaType({ type: 'string', enum: ['pass', "it's"], nullable: true })).toBe("'pass' | 'it\\'s' | null");
    expect(schemaType({ type: 'array', items: { type: 'integer' } })).toBe('Array<number>');
    expect(schemaType({ nullable: true, type: 'object', allOf: [{ $ref: '#/components/schemas/ComparedScan' }] })).toBe('ComparedScan | null');
    expect(schemaType({ type: 'object', additionalProperties: { type: 'boolean' } })).toBe('Record<string, boolean>');
    const text = renderApiTypes({
      info: { title: 'T', version: '1' },
      components: {
        schemas: {
          Side: { type: 'object', description: 'One side', properties: { id: { type: 'integer' }, 'x-y': { type: 'string', description: 'odd */ name' } }, required: ['id'] },
        },
      },
    });
    expect(text).toContain("/** One side */\nexport interface Side {\n  id: number;\n  /** odd * / name */\n  \"x-y\"?: string;\n}\n");
  });

  it('the checked-in console/src/api-types.ts matches the API (run `npm run console:types` when this fails)', async () => {
    const fresh = renderApiTypes(await openApiDocument());
    expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(fresh);
  }, 60_000);
});
