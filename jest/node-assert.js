// node:assert's deep comparisons, made to work across Jest's two V8 contexts (a setup file).
//
// Jest runs each test file in its own V8 context. An object Node itself made (the JSON of a
// fetch, the array of fs.readdirSync, a Buffer) has the outer context's prototypes while a literal
// in the test has the test context's, and deepStrictEqual, which compares prototypes, fails with
// "Compared values have no visual difference". When a deep comparison fails, this repeats it on
// structured clones of both sides, which live in one context; a real difference fails the same
// way and reports the original error. node:assert is Node's own module object (Jest hands core
// modules through), so the patch is made once per worker process.
import assert from 'node:assert';
import { deserialize, serialize } from 'node:v8';

const patched = Symbol.for('lectern.realmTolerantAssert');

function realmTolerant(compare) {
  return function deepCompare(actual, expected, message) {
    try {
      compare(actual, expected, message);
    } catch (error) {
      let cloned;
      try {
        cloned = [deserialize(serialize(actual)), deserialize(serialize(expected))];
      } catch {
        throw error; // functions, symbols…: not cloneable, the first verdict stands
      }
      try {
        compare(cloned[0], cloned[1], message);
      } catch {
        throw error;
      }
    }
  };
}

if (!assert[patched]) {
  const deepStrictEqual = realmTolerant(assert.deepStrictEqual);
  assert.deepStrictEqual = deepStrictEqual;
  assert.strict.deepStrictEqual = deepStrictEqual;
  assert.strict.deepEqual = deepStrictEqual;
  if (assert.partialDeepStrictEqual) {
    const partial = realmTolerant(assert.partialDeepStrictEqual);
    assert.partialDeepStrictEqual = partial;
    assert.strict.partialDeepStrictEqual = partial;
  }
  assert[patched] = true;
}
