import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { summarise } from './console.ts';

test('keeps warnings, errors and start-up lines of a service log and drops the rest', () => {
  assert.equal(summarise('{"level":30,"msg":"incoming request"}'), undefined);
  assert.equal(summarise('{"level":30,"msg":"Server listening at http://127.0.0.1:4101"}'), 'Server listening at http://127.0.0.1:4101');
  assert.equal(summarise('{"level":40,"msg":"slow query"}'), 'warning: slow query');
  assert.match(summarise('{"level":50,"msg":"relay failed","err":{"message":"broker down"}}') ?? '', /relay failed: broker down/);
  assert.equal(summarise('webpack compiled in 1294 ms'), undefined);
  assert.equal(summarise('Error [ERR_MODULE_NOT_FOUND]: Cannot find module'), 'Error [ERR_MODULE_NOT_FOUND]: Cannot find module');
  assert.equal(summarise('(Use `node --trace-warnings ...` to show where the warning was created)'), undefined);
  assert.equal(summarise('    at moduleResolve (node:internal/modules/esm/resolve:879:10)'), undefined);
});
