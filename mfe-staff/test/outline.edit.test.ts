/// <reference types="node" />
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { mainPointBody, outlineDraft, outlineFromDraft, syncDetails } from '../src/sermons/outline.edit.ts';

test('outline lists are edited one item per line, neither trimmed nor filtered', () => {
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
    keyPoints: '  One  \n\nTwo',
    scriptures: 'John 3:16\n Romans 8:28 ',
    applications: '',
  });
  assert.deepEqual(saved.keyPoints, ['  One  ', '', 'Two']);
  assert.deepEqual(saved.scriptures, ['John 3:16', ' Romans 8:28 ']);
  assert.deepEqual(saved.applications, ['']);
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
