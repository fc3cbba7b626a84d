/// <reference types="node" />
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import {
  additionalScriptureFromText,
  additionalScriptureText,
  devotionalUpdate,
  normalizeDevotional,
  observationsFromText,
} from '../src/sermons/devotional.edit.ts';
import type { Devotional } from '../src/sermons/sermon.types.ts';

test('observations are one per line, trimmed, empty lines dropped', () => {
  assert.deepEqual(observationsFromText('  first \n\n second\n   \n'), ['first', 'second']);
});

test('fields stored as JSON strings are parsed; unreadable ones read as empty', () => {
  const day = normalizeDevotional({
    id: 'd1',
    sermonId: 's1',
    dayNumber: 2,
    title: 'Day',
    theme: 'Faith',
    openingPrayer: JSON.stringify({
      quick: 'Lord',
      full: 'Lord, hear us',
    }) as unknown as Devotional['openingPrayer'],
    closingPrayer: '{broken' as unknown as Devotional['closingPrayer'],
    additionalScripture: 'nope' as unknown as Devotional['additionalScripture'],
  });
  assert.deepEqual(day.openingPrayer, { quick: 'Lord', full: 'Lord, hear us' });
  assert.deepEqual(day.closingPrayer, { quick: '', full: '' });
  assert.deepEqual(day.scripturePassage.quick, { reference: '', text: '', context: '' });
  assert.deepEqual(day.reflection.full.observations, []);
  assert.equal(day.additionalScripture, null);
});

test('the update body carries every field, missing ones as empty text or empty quick/full', () => {
  const body = devotionalUpdate({ id: 'd', sermonId: 's', dayNumber: 1, title: 'T' } as Devotional);
  assert.deepEqual(body, {
    title: 'T',
    theme: '',
    openingPrayer: { quick: '', full: '' },
    scripturePassage: {
      quick: { reference: '', text: '', context: '' },
      full: { reference: '', text: '', context: '' },
    },
    reflection: {
      quick: { observations: [], interpretation: '', application: '', keyTakeaway: '', question: '' },
      full: { observations: [], interpretation: '', application: '', keyTakeaway: '', question: '' },
    },
    closingPrayer: { quick: '', full: '' },
    additionalScripture: null,
  });
});

test('additional scripture is edited one per line as "reference — note"; a hyphenated range stays one reference', () => {
  const list = [
    { reference: 'Romans 5:8', note: 'While we were still sinners' },
    { reference: 'John 3:16-18', note: '' },
  ];
  const text = additionalScriptureText(list);
  assert.equal(text, 'Romans 5:8 — While we were still sinners\nJohn 3:16-18');
  assert.deepEqual(additionalScriptureFromText(text), list);
  assert.deepEqual(additionalScriptureFromText('  Psalm 23:1 - The Lord is my shepherd \n\n Titus 3:5 '), [
    { reference: 'Psalm 23:1', note: 'The Lord is my shepherd' },
    { reference: 'Titus 3:5', note: '' },
  ]);
  assert.equal(additionalScriptureText(null), '');
  assert.deepEqual(additionalScriptureFromText(''), []);
});
