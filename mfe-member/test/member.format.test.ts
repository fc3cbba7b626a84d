// The member area's display rules (spec 001 §2, §9).
import { describe, expect, it } from '@jest/globals';
import { formatDate, formatDuration, paragraphs, progressPercent, seriesOf } from '../src/member/member.format.ts';

describe('member display rules', () => {
  it('durations: hours and minutes, minutes, under a minute, nothing when unknown', () => {
    expect(formatDuration(3900)).toBe('1h 5m');
    expect(formatDuration(3600)).toBe('1h');
    expect(formatDuration(42 * 60 + 10)).toBe('42m');
    expect(formatDuration(20)).toBe('< 1m');
    for (const unknown of [null, undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatDuration(unknown)).toBe('');
  });

  it('progress is the share of outline, devotional and video done, rounded', () => {
    expect(progressPercent({ outlineRead: false, devotionalCompleted: false, videoCompleted: false })).toBe(0);
    expect(progressPercent({ outlineRead: true, devotionalCompleted: false, videoCompleted: false })).toBe(33);
    expect(progressPercent({ outlineRead: true, devotionalCompleted: true, videoCompleted: false })).toBe(67);
    expect(progressPercent({ outlineRead: true, devotionalCompleted: true, videoCompleted: true })).toBe(100);
  });

  it('the series is the title before a colon, else General', () => {
    expect(seriesOf('Faith Forward: Walking by Faith')).toBe('Faith Forward');
    expect(seriesOf('  Advent : Hope')).toBe('Advent');
    expect(seriesOf('Walking by Faith')).toBe('General');
    expect(seriesOf('Trailing colon:')).toBe('General');
  });

  it('dates: a calendar day stays that day in any time zone; bad values are empty', () => {
    expect(formatDate('2026-11-22')).toBe('November 22, 2026');
    expect(formatDate('2026-01-05T12:00:00.000Z')).toMatch(/^January [456], 2026$/);
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it('generated HTML becomes plain paragraphs: tags dropped, entities decoded, nothing injected', () => {
    expect(paragraphs('<p>Faith hears.</p><p>Faith <b>steps</b> out &amp; obeys.</p>')).toEqual(['Faith hears.', 'Faith steps out & obeys.']);
    expect(paragraphs('one<br/>two<br>  <li>three</li>')).toEqual(['one', 'two', 'three']);
    expect(paragraphs('<img src=x onerror="alert(1)">&lt;script&gt;')).toEqual(['<script>']);
    expect(paragraphs('')).toEqual([]);
    expect(paragraphs(undefined)).toEqual([]);
  });
});
