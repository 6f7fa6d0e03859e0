import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codedErrorOf, serverErrors } from './server-errors';

const documented = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/errors.md'), 'utf8');

describe('the error codes', () => {
  it.each(Object.entries(serverErrors))('docs/errors.md lists %s with its statuses and params', (code, spec) => {
    const row = documented.split('\n').find((line) => line.startsWith(`| \`${code}\` |`));
    expect(row, code).toBeDefined();
    const [, status, params] = row!.split(' | ');
    expect(status).toBe(spec.status.join(', ') || '—');
    for (const [name, kind] of Object.entries(spec.params)) expect(params).toContain(`${name} (${kind})`);
  });

  it('are read from a body only with params of the kinds the code declares', () => {
    expect(codedErrorOf({ error: 'x', code: 'query-too-long', params: { length: 201, max: 200 } })).toEqual({ error: 'x', code: 'query-too-long', params: { length: 201, max: 200 } });
    expect(codedErrorOf({ error: 'x', code: 'query-too-long', params: { length: 201 } })).toBeUndefined();
    expect(codedErrorOf({ error: 'x', code: 'no-such-code' })).toBeUndefined();
    expect(codedErrorOf({ code: 'query-missing' })).toBeUndefined();
  });
});
