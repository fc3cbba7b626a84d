import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { createEvent, InvalidEventError, parseEnvelope, serializeEnvelope, topicFor, topicOfType } from './index.ts';
import type { AnyEventEnvelope } from './index.ts';

const orgId = randomUUID();
const sermonId = randomUUID();

function published() {
  return createEvent('sermons.sermon.published.v1', {
    orgId,
    subject: sermonId,
    requestId: 'req-1',
    data: { sermonId, title: 'Grace', publishedBy: randomUUID(), publishedAt: new Date().toISOString() },
  });
}

describe('createEvent', () => {
  it('fills id, time and source (from the type) around the typed payload', () => {
    const event = published();
    assert.match(event.id, /^[0-9a-f-]{36}$/);
    assert.equal(event.source, 'sermons');
    assert.equal(event.type, 'sermons.sermon.published.v1');
    assert.equal(event.subject, sermonId);
    assert.equal(event.requestId, 'req-1');
    assert.equal(event.traceparent, null);
    assert.ok(!Number.isNaN(Date.parse(event.time)));
  });
});

describe('parseEnvelope', () => {
  it('round-trips a serialized event (string or bytes)', () => {
    const event = published();
    assert.deepEqual(parseEnvelope(serializeEnvelope(event)), event);
    assert.deepEqual(parseEnvelope(Buffer.from(serializeEnvelope(event))), event);
  });

  it('narrows on type so consumers read a typed payload', () => {
    const event: AnyEventEnvelope = parseEnvelope(serializeEnvelope(published()));
    if (event.type !== 'sermons.sermon.published.v1') assert.fail('wrong type');
    assert.equal(event.data.title, 'Grace');
  });

  it('rejects a missing envelope field and names it', () => {
    const { subject: _subject, ...rest } = published();
    assert.throws(() => parseEnvelope(rest), (err: unknown) => err instanceof InvalidEventError && /subject/.test(err.message));
  });

  it('rejects a malformed type name', () => {
    assert.throws(() => parseEnvelope({ ...published(), type: 'SermonPublished' }), /envelope\/type/);
  });

  it('rejects a payload that does not match the catalogue and names the field', () => {
    const bad = { ...published(), data: { sermonId: 'not-a-uuid', title: 'x', publishedBy: randomUUID(), publishedAt: 'now' } };
    assert.throws(() => parseEnvelope(bad), (err: unknown) => {
      assert.ok(err instanceof InvalidEventError);
      assert.match(err.message, /data\/sermonId/);
      assert.match(err.message, /data\/publishedAt/);
      return true;
    });
  });

  it('rejects unknown types unless allowed', () => {
    const unknown = { ...published(), type: 'sermons.sermon.archived.v9', data: { anything: true } };
    assert.throws(() => parseEnvelope(unknown), /unknown type "sermons.sermon.archived.v9"/);
    assert.equal(parseEnvelope(unknown, { allowUnknownTypes: true }).type, 'sermons.sermon.archived.v9');
  });

  it('rejects non-JSON input', () => {
    assert.throws(() => parseEnvelope('{nope'), /not JSON/);
  });
});

describe('topics', () => {
  it('are named <service>.events', () => {
    assert.equal(topicFor('identity'), 'identity.events');
    assert.equal(topicOfType('identity.invite.created.v1'), 'identity.events');
    assert.throws(() => topicFor('Bad Name'), /Invalid service name/);
  });
});
