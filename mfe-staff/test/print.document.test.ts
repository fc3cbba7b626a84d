/// <reference types="node" />
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import {
  devotionalDocument,
  outlineDocument,
  printableHtml,
  transcriptDocument,
} from '../src/sermons/print.document.ts';
import { normalizeDevotional } from '../src/sermons/devotional.edit.ts';

const at = new Date(2026, 2, 8, 9, 5);

test('printed documents are titled with the sermon title plus - Transcript / - Outline and dated', () => {
  const transcript = transcriptDocument('Living Hope', 'In the beginning <was> the Word.', at);
  assert.equal(transcript.title, 'Living Hope - Transcript');
  assert.equal(transcript.printedAt, 'March 8, 2026 9:05 AM');
  assert.match(transcript.body, /&lt;was&gt;/, 'user text is escaped');
  const outline = outlineDocument('Living Hope', { theme: '', keyPoints: ['Rest'] }, at);
  assert.equal(outline.title, 'Living Hope - Outline');
  assert.match(outline.body, /No theme provided/);
  const html = printableHtml(outline);
  assert.match(html, /<title>Living Hope - Outline<\/title>/);
  assert.match(html, /Printed March 8, 2026 9:05 AM/);
});

test('a devotional prints under the day subtitle of its form, with the placeholders for missing parts', () => {
  const day = normalizeDevotional({
    id: 'd',
    sermonId: 's',
    dayNumber: 3,
    title: 'Walking in Faith',
    openingPrayer: { quick: 'Short prayer', full: '' },
  });
  const short = devotionalDocument('Living Hope', day, 'quick', at);
  assert.equal(short.title, 'Living Hope - Day 3: Walking in Faith (Short Form)');
  assert.match(short.body, /Short prayer/);
  const long = devotionalDocument('Living Hope', day, 'full', at);
  assert.equal(long.title, 'Living Hope - Day 3: Walking in Faith (Long Form)');
  for (const text of [
    'No opening prayer provided',
    'No reference provided',
    'No closing prayer provided',
    'No theme provided',
  ])
    assert.match(long.body, new RegExp(text));
});

test('a printed outline carries each main point once: summary, supporting lines, no markup from the generator', () => {
  const doc = outlineDocument(
    'Grace',
    {
      theme: 'Grace',
      mainPoints: [
        {
          title: 'A gift',
          summary: 'Not a wage.',
          scripture: 'Ephesians 2:8',
          details:
            '<p>Not a wage.</p><ul><li>Open <b>hands</b></li></ul><p><strong>Scripture:</strong> Ephesians 2:8</p>',
        },
      ],
      application: '<p>Receive it.</p><img src=x onerror=alert(1)>',
    },
    at,
  );
  assert.equal(doc.body.match(/Not a wage\./g)?.length, 1);
  assert.match(doc.body, /<ul><li>Open hands<\/li><\/ul>/);
  assert.match(doc.body, /<h2>Application<\/h2><p>Receive it\.<\/p>/);
  assert.doesNotMatch(doc.body, /<img|<b>|onerror/);
});
