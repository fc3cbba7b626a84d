// `LECTERN_INSTANCES=2 npm start`: identity and sermons run twice behind the edge (issue 12).
import assert from 'node:assert/strict';
import { afterEach, describe, test } from '@jest/globals';
import { appSpecs, secondInstancePort, servicePort } from '../src/launcher/apps.ts';

const saved = { instances: process.env.LECTERN_INSTANCES, keys: process.env.SECRET_KEYS };

describe('launcher: two instances of identity and sermons', () => {
  afterEach(() => {
    if (saved.instances === undefined) delete process.env.LECTERN_INSTANCES;
    else process.env.LECTERN_INSTANCES = saved.instances;
  });
  process.env.SECRET_KEYS = saved.keys ?? 'k1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

  test('by default one instance each; the edge has one upstream per service', () => {
    delete process.env.LECTERN_INSTANCES;
    const specs = appSpecs({});
    assert.equal(specs.filter((spec) => spec.name.startsWith('sermons')).length, 1);
    assert.equal(specs.find((spec) => spec.name === 'edge')?.env.SERMONS_URL, `http://127.0.0.1:${servicePort('sermons')}`);
  });

  test('LECTERN_INSTANCES=2: a second identity and sermons on their own ports, same settings, listed for the edge to round-robin', () => {
    process.env.LECTERN_INSTANCES = '2';
    const specs = appSpecs({});
    const edge = specs.find((spec) => spec.name === 'edge')!;
    for (const name of ['identity', 'sermons'] as const) {
      const [first, second] = [specs.find((spec) => spec.name === name)!, specs.find((spec) => spec.name === `${name}-2`)!];
      assert.ok(second, `${name}-2 runs`);
      assert.equal(second.port, secondInstancePort(name));
      assert.equal(second.env.PORT, String(secondInstancePort(name)));
      assert.equal(edge.env[`${name.toUpperCase()}_URL`], `http://127.0.0.1:${servicePort(name)},http://127.0.0.1:${secondInstancePort(name)}`);
      // Upload links and the pipeline token must be the same on both (one signs, the other receives).
      for (const variable of ['STORAGE_SIGNING_SECRET', 'SERMONS_INTERNAL_TOKEN', 'SECRET_KEYS', 'DATABASE_URL']) assert.equal(second.env[variable], first.env[variable], `${name}: ${variable}`);
    }
    assert.equal(specs.find((spec) => spec.name === 'identity-2')!.env.IDENTITY_BOOTSTRAP_ADMIN_EMAIL, undefined, 'the demo accounts are created once');
    assert.equal(specs.filter((spec) => spec.name.startsWith('billing')).length, 1);
  });

  test('anything but 1 or 2 stops the start with a clear message', () => {
    process.env.LECTERN_INSTANCES = '3';
    assert.throws(() => appSpecs({}), /LECTERN_INSTANCES must be 1 or 2, got "3"/);
  });
});
