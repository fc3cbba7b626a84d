/// <reference types="node" />
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { outlineDraft, outlineFromDraft } from '../src/sermons/outline.edit.ts';

test('outline lists are edited one item per line, neither trimmed nor filtered', () => {
  const original = { theme: 'Hope', keyPoints: ['One', 'Two'], scriptures: ['John 3:16'], applications: ['Pray'], illustrations: ['Seed'] };
  const draft = outlineDraft(original);
  assert.equal(draft.keyPoints, 'One\nTwo');
  const saved = outlineFromDraft(original, { ...draft, keyPoints: '  One  \n\nTwo', scriptures: 'John 3:16\n Romans 8:28 ', applications: '' });
  assert.deepEqual(saved.keyPoints, ['  One  ', '', 'Two']);
  assert.deepEqual(saved.scriptures, ['John 3:16', ' Romans 8:28 ']);
  assert.deepEqual(saved.applications, ['']);
  assert.deepEqual(saved.illustrations, ['Seed'], 'fields not edited are kept');
});

test('main points follow the edited lines and keep their scripture and details', () => {
  const original = { mainPoints: [{ title: 'A', scripture: 'John 1:1', details: '<p>x</p>' }, { title: 'B', scripture: 'Acts 2:1' }] };
  const draft = outlineDraft(original);
  assert.equal(draft.keyPoints, 'A\nB');
  const saved = outlineFromDraft(original, { ...draft, keyPoints: 'A2\nB\nC' });
  assert.deepEqual(saved.mainPoints, [{ title: 'A2', scripture: 'John 1:1', details: '<p>x</p>' }, { title: 'B', scripture: 'Acts 2:1' }, { title: 'C' }]);
});
