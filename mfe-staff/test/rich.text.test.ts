/// <reference types="node" />
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { plainText, richBlocks } from '../src/sermons/rich.text.ts';

test('generated HTML is read as paragraphs and lists of plain text', () => {
  assert.deepEqual(
    richBlocks('<p>First &amp; foremost</p><ol><li>One</li><li><em>Two</em></li></ol>tail<br><br>end'),
    [
      { kind: 'paragraph', text: 'First & foremost' },
      { kind: 'list', ordered: true, items: ['One', 'Two'] },
      { kind: 'paragraph', text: 'tail' },
      { kind: 'paragraph', text: 'end' },
    ],
  );
  assert.deepEqual(richBlocks('<ul><li>Unclosed<li>items</ul>'), [
    { kind: 'list', ordered: false, items: ['Unclosed', 'items'] },
  ]);
  assert.deepEqual(richBlocks(''), []);
  assert.deepEqual(richBlocks(null), []);
});

test('markup never survives: scripts and attributes become text or vanish', () => {
  const blocks = richBlocks('<p onclick="x()">Hi <script>alert(1)</script> &lt;b&gt; &#8220;q&#x201D;</p>');
  assert.deepEqual(blocks, [{ kind: 'paragraph', text: 'Hi alert(1) <b> “q”' }]);
  assert.equal(plainText('a<br/>b&nbsp;c'), 'a b c');
});
