// Resources tab (spec 001 §2): Video Recording (Watch Video only with a recording), Sermon Outline
// (Download PDF only with an outline), Discussion Guide, Small Group Resources.
import { useCallback, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, MediaPlayer, showToast } from '@lectern/shell-kit';
import { memberClient } from '../member/member.client.ts';
import { downloadFile } from '../member/download.ts';
import { VIDEO_COMPLETED_SHARE } from '../member/member.format.ts';
import type { DiscussionGuide, MemberSermon } from '../member/member.types.ts';
import { Muted, Section } from './member.styles.ts';

const Resource = styled.section`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 1rem 1.1rem;
  margin-bottom: 1rem;
  h3 { margin: 0 0 0.4rem; font-size: 1.1rem; }
  p { margin: 0.3rem 0; overflow-wrap: anywhere; }
`;

const Guide = styled.div`
  h4 { margin: 1rem 0 0.3rem; font-size: 1rem; }
  blockquote { margin: 0.3rem 0; padding-left: 0.8rem; border-left: 3px solid ${({ theme }) => theme.colors.accent}; font-style: italic; }
  ol { padding-left: 1.3rem; }
  li { overflow-wrap: anywhere; margin: 0.2rem 0; }
`;

export function DiscussionGuideView({ guide }: { guide: DiscussionGuide }) {
  return (
    <Guide data-testid="discussion-guide">
      <p>{guide.introduction}</p>
      <h4>Icebreaker</h4>
      <p>{guide.icebreaker}</p>
      {guide.sections.map((section, index) => (
        <section key={index}>
          <h4>{index + 1}. {section.point}</h4>
          {section.scripture && <p><strong>Read:</strong> {section.scripture}</p>}
          {section.quote && <blockquote>“{section.quote}”</blockquote>}
          <ol>{section.questions.map((q, i) => <li key={i}>{q}</li>)}</ol>
        </section>
      ))}
      <h4>Living it out</h4>
      <p>{guide.closing.application}</p>
      <h4>Closing prayer</h4>
      <p>{guide.closing.prayer}</p>
    </Guide>
  );
}

export function ResourcesTab({ data, onVideoWatched }: { data: MemberSermon; onVideoWatched: () => void }) {
  const { sermon, outline, discussionGuide, devotionals } = data;
  const [watching, setWatching] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const reported = useRef(data.progress.videoCompleted);
  const load = useCallback(() => memberClient.playback(sermon.id), [sermon.id]);
  const hasOutline = outline !== null && Object.keys(outline).length > 0;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(memberClient.outlinePdfPath(sermon.id), `${sermon.title} - Outline.pdf`);
    } catch {
      showToast({ kind: 'error', title: 'The outline could not be downloaded. Please try again.' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div>
      <Resource aria-labelledby="res-video">
        <h3 id="res-video">Video Recording</h3>
        {sermon.hasMedia ? (
          watching ? (
            <MediaPlayer
              load={load}
              title={sermon.title}
              onPlayed={(share) => {
                if (share >= VIDEO_COMPLETED_SHARE && !reported.current) {
                  reported.current = true;
                  onVideoWatched();
                }
              }}
            />
          ) : (
            <>
              <p>Watch or listen to the full sermon.</p>
              <Button type="button" onClick={() => setWatching(true)}>Watch Video</Button>
            </>
          )
        ) : (
          <Muted>No recording is available for this sermon.</Muted>
        )}
      </Resource>
      <Resource aria-labelledby="res-outline">
        <h3 id="res-outline">Sermon Outline</h3>
        {hasOutline ? (
          <>
            <p>The outline as a PDF document to print or share.</p>
            <Button type="button" $variant="secondary" disabled={downloading} onClick={() => void download()}>
              {downloading ? 'Preparing PDF…' : 'Download PDF'}
            </Button>
          </>
        ) : (
          <Muted>The sermon outline is still being generated.</Muted>
        )}
      </Resource>
      <Resource aria-labelledby="res-guide">
        <h3 id="res-guide">Discussion Guide</h3>
        {discussionGuide ? <DiscussionGuideView guide={discussionGuide} /> : <Muted>The discussion guide is still being generated.</Muted>}
      </Resource>
      <Resource aria-labelledby="res-group">
        <h3 id="res-group">Small Group Resources</h3>
        <Section>
          <p>A plan for a small group studying this sermon together:</p>
          <ul>
            <li>Before meeting: everyone reads the outline{sermon.hasMedia ? ' or watches the recording' : ''}.</li>
            <li>Meeting: work through the discussion guide{discussionGuide ? ` (${discussionGuide.sections.length} main points, ${discussionGuide.sections.reduce((n, s) => n + s.questions.length, 0)} questions)` : ''}.</li>
            <li>During the week: the {devotionals.length > 0 ? `${devotionals.length}-day` : '5-day'} devotional, Quick on busy days and Full when there is time.</li>
          </ul>
        </Section>
      </Resource>
    </div>
  );
}
