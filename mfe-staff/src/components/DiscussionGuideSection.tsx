// The small-group discussion guide the pipeline generated from the outline, for staff review.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Card } from '@lectern/shell-kit';
import { createSermonsClient } from '../sermons/sermons.client.ts';
import type { DiscussionGuide } from '../sermons/sermon.types.ts';

const sermons = createSermonsClient();

const Box = styled(Card)`
  margin-top: 1.25rem;
  h2 { font-size: 1.25rem; margin: 0 0 0.5rem; }
  h3 { font-size: 1rem; margin: 1rem 0 0.3rem; }
  blockquote { margin: 0.3rem 0; padding-left: 0.8rem; border-left: 3px solid ${({ theme }) => theme.colors.accent}; font-style: italic; }
  ol { padding-left: 1.3rem; }
  p, li { overflow-wrap: anywhere; }
`;

export function DiscussionGuideSection({ sermonId }: { sermonId: string }) {
  const [guide, setGuide] = useState<DiscussionGuide | null | undefined>(undefined);
  useEffect(() => {
    sermons.discussionGuide(sermonId).then(setGuide, () => setGuide(null));
  }, [sermonId]);
  return (
    <Box aria-labelledby="discussion-guide-heading" data-testid="staff-discussion-guide">
      <h2 id="discussion-guide-heading">Small-Group Discussion Guide</h2>
      {guide === undefined ? (
        <p>Loading…</p>
      ) : guide === null ? (
        <p>The discussion guide is still being generated.</p>
      ) : (
        <>
          <p>{guide.introduction}</p>
          <h3>Icebreaker</h3>
          <p>{guide.icebreaker}</p>
          {guide.sections.map((section, index) => (
            <section key={index}>
              <h3>{index + 1}. {section.point}</h3>
              {section.scripture && <p><strong>Read:</strong> {section.scripture}</p>}
              {section.quote && <blockquote>“{section.quote}”</blockquote>}
              <ol>{section.questions.map((q, i) => <li key={i}>{q}</li>)}</ol>
            </section>
          ))}
          <h3>Living it out</h3>
          <p>{guide.closing.application}</p>
          <h3>Closing prayer</h3>
          <p>{guide.closing.prayer}</p>
        </>
      )}
    </Box>
  );
}
