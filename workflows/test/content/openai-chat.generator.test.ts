import { test, afterAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { OpenAiChatGenerator } from '../../src/content/generation/openai-chat.generator.ts';
import type { DevotionalDay, Outline } from '../../src/content/generation/content.types.ts';
import { DiathekeScriptureText } from '../../src/content/scripture/scripture-text.provider.ts';

const transcript = readFileSync(new URL('./fixtures/sermon-love.txt', import.meta.url), 'utf8');

// A local server speaking the chat completions protocol; each test queues the answer it wants.
type Seen = { method?: string; url?: string; headers: IncomingMessage['headers']; body: Record<string, unknown> };
const seen: Seen[] = [];
const answers: Array<{ status: number; body: string }> = [];
const server = createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    seen.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(raw) as Record<string, unknown> });
    const answer = answers.shift() ?? { status: 500, body: 'no answer queued' };
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => {
  server.close();
});
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
const generator = new OpenAiChatGenerator({ config: { baseUrl, apiKey: 'sk-test-secret', model: 'test-model' }, scriptureText: new DiathekeScriptureText() });

const reply = (content: unknown) => answers.push({ status: 200, body: JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(content) }, finish_reason: 'stop' }] }) });

const outline: Outline = {
  theme: 'Love that acts',
  mainPoints: [
    { title: 'Patient love', summary: 'Love is patient with people.', details: '<p>Holds the seat one more time.</p>', scripture: 'First Corinthians 13:4' },
    { title: 'Rooted love', summary: 'God loved first.', details: '<p>Love gives.</p>', scripture: 'John 3:16' },
    { title: 'Invented', summary: 'Not in the sermon.', details: '<p>x</p>', scripture: 'Isaiah 53:5' },
  ],
  keyPoints: ['Love is something you do.'],
  scriptures: ['John 3:16', 'Romans 8:28', 'Genesis 1:1'],
  applications: ['Pray for one person.'],
  application: '<p>Pray for one person.</p>',
  illustrations: ['The lamp in the window.'],
  conclusion: ['Love never fails.'],
};

function day(n: number, reference: string): DevotionalDay {
  const reflection = { observations: ['o'], interpretation: 'i', application: 'a', keyTakeaway: 'k', question: 'q?' };
  return {
    day_number: n,
    title: `Day ${n}`,
    theme: 't',
    opening_prayer: { quick: 'p', full: 'pp' },
    scripture_passage: { quick: { reference, text: 'MODEL TEXT', context: 'c' }, full: { reference, text: 'MODEL TEXT', context: 'cc' } },
    reflection: { quick: reflection, full: reflection },
    closing_prayer: { quick: 'p', full: 'pp' },
    additional_scripture: [{ reference: 'Romans 8:28', note: 'cited' }, { reference: 'Jeremiah 29:11', note: 'not cited' }],
  };
}

test('outline: request shape, schema response_format, scriptures held to the sermon', async () => {
  reply(outline);
  const result = await generator.generateOutline({ transcript, title: 'Love in action' });
  const request = seen.at(-1)!;
  assert.equal(request.method, 'POST');
  assert.equal(request.url, '/v1/chat/completions');
  assert.equal(request.headers.authorization, 'Bearer sk-test-secret');
  assert.equal(request.body.model, 'test-model');
  const format = request.body.response_format as { type: string; json_schema: { name: string; strict: boolean; schema: { required: string[] } } };
  assert.equal(format.type, 'json_schema');
  assert.equal(format.json_schema.strict, true);
  assert.deepEqual(format.json_schema.schema.required, ['theme', 'mainPoints', 'keyPoints', 'scriptures', 'applications', 'application', 'illustrations', 'conclusion']);
  const messages = request.body.messages as Array<{ role: string; content: string }>;
  assert.deepEqual(messages.map((m) => m.role), ['system', 'user']);
  assert.ok(messages[1]!.content.includes('John 3:16; Romans 8:28'), 'the detected references are given to the model');
  assert.ok(messages[1]!.content.includes('love is patient with people'), 'the transcript is sent');
  // citations: normalised, out-of-sermon ones replaced (main points) or dropped (lists)
  assert.deepEqual(result.mainPoints.map((p) => p.scripture), ['1 Corinthians 13:4', 'John 3:16', 'Romans 8:28']);
  assert.deepEqual(result.scriptures, ['John 3:16', 'Romans 8:28']);
});

test('devotionals: five days, passage text from the WEB, not from the model', async () => {
  reply({ days: [day(1, 'John 3:16'), day(2, 'Romans 8:28'), day(3, 'Isaiah 40:31'), day(4, '2 Tim 2:3'), day(5, 'Romans 15:13')] });
  const days = await generator.generateDevotionals({ transcript });
  assert.deepEqual(days.map((d) => d.day_number), [1, 2, 3, 4, 5]);
  const web = new DiathekeScriptureText();
  assert.equal(days[0]!.scripture_passage.quick.text, await web.passage('John.3.16'));
  assert.equal(days[2]!.scripture_passage.full.reference, '1 Corinthians 13:4-7', 'a passage the sermon never cites is replaced by one it does');
  assert.equal(days[3]!.scripture_passage.full.reference, '2 Timothy 2:3');
  for (const d of days) {
    assert.notEqual(d.scripture_passage.full.text, 'MODEL TEXT');
    assert.deepEqual(d.additional_scripture.map((a) => a.reference), ['Romans 8:28']);
  }
});

test('bad answers are refused with clear errors', async () => {
  reply({ theme: 'x', mainPoints: 'not a list' });
  await assert.rejects(generator.generateOutline({ transcript }), /outline does not match the schema: .*mainPoints: expected an array/);
  reply({ days: [day(1, 'John 3:16')] });
  await assert.rejects(generator.generateDevotionals({ transcript }), /devotionals do not match the schema: \$\.days: fewer than 5 items/);
  reply({ days: [day(1, 'John 3:16'), day(1, 'John 3:16'), day(3, 'John 3:16'), day(4, 'John 3:16'), day(5, 'John 3:16')] });
  await assert.rejects(generator.generateDevotionals({ transcript }), /not days 1 to 5/);
  answers.push({ status: 200, body: JSON.stringify({ choices: [{ message: { content: 'Sure! Here is your outline:' } }] }) });
  await assert.rejects(generator.generateOutline({ transcript }), /answer is not JSON/);
  answers.push({ status: 401, body: '{"error":{"message":"Incorrect API key"}}' });
  await assert.rejects(generator.generateOutline({ transcript }), (e: Error) => /HTTP 401/.test(e.message) && !e.message.includes('sk-test-secret'));
  const unreachable = new OpenAiChatGenerator({ config: { baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }, scriptureText: new DiathekeScriptureText() });
  await assert.rejects(unreachable.generateOutline({ transcript }), /request to http:\/\/127.0.0.1:1\/v1\/chat\/completions failed/);
});
