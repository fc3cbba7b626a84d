/// <reference types="node" />
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { mainPointBody, outlineDraft, outlineFromDraft, syncDetails } from '../src/sermons/outline.edit.ts';

test('outline lists are edited one item per line, kept as typed but without blank lines', () => {
  const original = {
    theme: 'Hope',
    keyPoints: ['One', 'Two'],
    scriptures: ['John 3:16'],
    applications: ['Pray'],
    illustrations: ['Seed'],
    application: '<p>Pray</p>',
  };
  const draft = outlineDraft(original);
  assert.equal(draft.keyPoints, 'One\nTwo');
  assert.equal(draft.illustrations, 'Seed');
  const saved = outlineFromDraft(original, {
    ...draft,
    keyPoints: '  One  \n\nTwo\n',
    scriptures: 'John 3:16\n   \n Romans 8:28 ',
    applications: '',
  });
  assert.deepEqual(saved.keyPoints, ['  One  ', 'Two'], 'an empty line and a trailing newline add no item');
  assert.deepEqual(saved.scriptures, ['John 3:16', ' Romans 8:28 '], 'a line of spaces is blank too; the others are not trimmed');
  assert.deepEqual(saved.applications, [], 'a cleared list is empty, not one empty item');
  assert.deepEqual(saved.illustrations, ['Seed'], 'an unchanged list is saved as it was');
  assert.equal(saved.application, '<p>Pray</p>', 'fields the form does not edit are kept');
  assert.equal(saved.mainPoints, undefined, 'no main points are invented');
});

test('editing key points never touches the main points (they are different content)', () => {
  const original = {
    mainPoints: [
      {
        title: 'Grace is a gift',
        summary: 'Not a wage.',
        scripture: 'Ephesians 2:8',
        details: '<p>Not a wage.</p>',
      },
    ],
    keyPoints: ['Grace is received, not achieved.'],
  };
  const draft = outlineDraft(original);
  assert.equal(draft.keyPoints, 'Grace is received, not achieved.');
  const saved = outlineFromDraft(original, { ...draft, keyPoints: 'Changed\nAdded' });
  assert.deepEqual(saved.keyPoints, ['Changed', 'Added']);
  assert.deepEqual(saved.mainPoints, original.mainPoints);
});

test('a main point is edited by title, scripture and summary; its details follow the summary and scripture', () => {
  const details =
    '<p>Not a wage.</p><ul><li>“A gift is received.”</li></ul><p><strong>Scripture:</strong> Ephesians 2:8</p>';
  const original = {
    mainPoints: [
      { title: 'Grace is a gift', summary: 'Not a wage.', scripture: 'Ephesians 2:8', details },
      { title: 'B', scripture: 'Acts 2:1' },
    ],
  };
  const draft = outlineDraft(original);
  assert.deepEqual(draft.mainPoints[0], {
    title: 'Grace is a gift',
    scripture: 'Ephesians 2:8',
    summary: 'Not a wage.',
  });
  const edited = [
    { title: 'Grace is free', scripture: 'Ephesians 2:8-9', summary: 'Never <earned>.' },
    draft.mainPoints[1]!,
  ];
  const saved = outlineFromDraft(original, { ...draft, mainPoints: edited });
  assert.equal(saved.mainPoints![0]!.title, 'Grace is free');
  assert.equal(
    saved.mainPoints![0]!.details,
    '<p>Never &lt;earned&gt;.</p><ul><li>“A gift is received.”</li></ul><p><strong>Scripture:</strong> Ephesians 2:8-9</p>',
  );
  assert.deepEqual(saved.mainPoints![1], { title: 'B', scripture: 'Acts 2:1', summary: '' });
});

test('a main point whose title, scripture and summary are all cleared is dropped on save', () => {
  const original = {
    mainPoints: [
      { title: 'Kept', summary: 'Stays.', details: '<p>Stays.</p>' },
      { title: 'Cleared', scripture: 'Acts 2:1', summary: 'Goes.', details: '<p>Goes.</p>' },
      { title: 'Also kept', scripture: 'Acts 2:4' },
    ],
  };
  const draft = outlineDraft(original);
  const saved = outlineFromDraft(original, {
    ...draft,
    mainPoints: [draft.mainPoints[0]!, { title: ' ', scripture: '', summary: '\n' }, { ...draft.mainPoints[2]!, title: '' }],
  });
  assert.deepEqual(
    saved.mainPoints!.map((point) => [point.title, point.scripture]),
    [['Kept', ''], ['', 'Acts 2:4']],
    'a point with only its scripture left is kept',
  );
  assert.equal(saved.mainPoints![0]!.details, '<p>Stays.</p>');
});

test('details written by hand are left alone when they do not repeat the summary', () => {
  assert.equal(
    syncDetails(
      '<p>Other</p>',
      { title: 't', summary: 'Old' },
      { title: 't', scripture: '', summary: 'New' },
    ),
    '<p>Other</p>',
  );
  assert.equal(
    syncDetails(undefined, { title: 't', summary: 'Old' }, { title: 't', scripture: '', summary: 'New' }),
    undefined,
  );
});

test('a main point shows its summary once, its supporting lines, and not the scripture line twice', () => {
  const body = mainPointBody({
    title: 'Grace is a gift',
    summary: 'Not a wage.',
    scripture: 'Ephesians 2:8',
    details:
      '<p>Not a wage.</p><ul><li>“It is not a wage.”</li><li>“Open hands.”</li></ul><p><strong>Scripture:</strong> Ephesians 2:8</p>',
  });
  assert.deepEqual(body, [
    { kind: 'paragraph', text: 'Not a wage.' },
    { kind: 'list', ordered: false, items: ['“It is not a wage.”', '“Open hands.”'] },
  ]);
  assert.deepEqual(mainPointBody({ title: 'x', details: '<p>Only details</p>' }), [
    { kind: 'paragraph', text: 'Only details' },
  ]);
  assert.deepEqual(mainPointBody({ title: 'x' }), []);
});
