// Outline tab (spec 001 §2): Mark as Read, Main Theme, Main Points (expandable, first open) or Key
// Points, Scripture References, Applications or Application, Illustrations, Conclusion.
import { useState } from 'react';
import styled from 'styled-components';
import { Panel } from '@lectern/shell-kit';
import { paragraphs } from '../member/member.format.ts';
import type { Outline } from '../member/member.types.ts';
import { Muted, Section, ToggleButton, Toolbar } from './member.styles.ts';

const Point = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  margin-bottom: 0.6rem;
  overflow: hidden;
  > h4 { margin: 0; font-size: 1rem; }
  > h4 button {
    width: 100%; text-align: left; background: ${({ theme }) => theme.colors.page}; border: 0; padding: 0.8rem 1rem; font: inherit; font-weight: 600;
    cursor: pointer; display: flex; justify-content: space-between; gap: 0.5rem; color: ${({ theme }) => theme.colors.ink};
  }
  > div { padding: 0.8rem 1rem; }
  p { margin: 0.3rem 0; }
`;

function scriptureText(item: string | { reference?: string; text?: string }): string {
  return typeof item === 'string' ? item : [item.reference, item.text].filter(Boolean).join(' — ');
}

export function OutlineTab({ outline, read, busy, onToggleRead }: { outline: Outline | null; read: boolean; busy: boolean; onToggleRead: (read: boolean) => void }) {
  const mainPoints = outline?.mainPoints ?? [];
  const [open, setOpen] = useState<Set<number>>(() => new Set([0]));
  if (!outline || Object.keys(outline).length === 0) {
    return (
      <Panel title="No outline available">
        <p>The sermon outline is still being generated.</p>
      </Panel>
    );
  }
  const toggle = (index: number) => setOpen((current) => {
    const next = new Set(current);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    return next;
  });
  const conclusion = Array.isArray(outline.conclusion) ? outline.conclusion : outline.conclusion ? [outline.conclusion] : [];
  return (
    <div>
      <Toolbar>
        <ToggleButton type="button" aria-pressed={read} disabled={busy} onClick={() => onToggleRead(!read)}>
          {read ? '✓ Marked as Read' : 'Mark as Read'}
        </ToggleButton>
      </Toolbar>
      <Section>
        <h3>Main Theme</h3>
        {outline.theme ? <p>{outline.theme}</p> : <Muted>No theme available</Muted>}
      </Section>
      {mainPoints.length > 0 ? (
        <Section>
          <h3>Main Points</h3>
          {mainPoints.map((point, index) => (
            <Point key={index}>
              <h4>
                <button type="button" aria-expanded={open.has(index)} aria-controls={open.has(index) ? `main-point-${index}` : undefined} onClick={() => toggle(index)}>
                  <span>{index + 1}. {point.title || 'Untitled point'}</span>
                  <span aria-hidden="true">{open.has(index) ? '−' : '+'}</span>
                </button>
              </h4>
              {open.has(index) && (
                <div id={`main-point-${index}`}>
                  {point.summary ? <p>{point.summary}</p> : <Muted>No summary available</Muted>}
                  {paragraphs(point.details).map((line, i) => <p key={i}>{line}</p>)}
                  {paragraphs(point.scripture).length > 0 && <p><strong>Scripture:</strong> {paragraphs(point.scripture).join(' ')}</p>}
                </div>
              )}
            </Point>
          ))}
        </Section>
      ) : (
        <Section>
          <h3>Key Points</h3>
          {(outline.keyPoints ?? []).length > 0 ? <ul>{outline.keyPoints!.map((k, i) => <li key={i}>{k}</li>)}</ul> : <Muted>No key points available</Muted>}
        </Section>
      )}
      <Section>
        <h3>Scripture References</h3>
        {(outline.scriptures ?? []).length > 0 ? <ul>{outline.scriptures!.map((s, i) => <li key={i}>{scriptureText(s)}</li>)}</ul> : <Muted>No scripture references available</Muted>}
      </Section>
      {(outline.applications ?? []).length > 0 ? (
        <Section>
          <h3>Applications</h3>
          <ul>{outline.applications!.map((a, i) => <li key={i}>{a}</li>)}</ul>
        </Section>
      ) : (
        <Section>
          <h3>Application</h3>
          {paragraphs(outline.application).length > 0 ? paragraphs(outline.application).map((line, i) => <p key={i}>{line}</p>) : <Muted>No application available</Muted>}
        </Section>
      )}
      <Section>
        <h3>Illustrations</h3>
        {(outline.illustrations ?? []).length > 0 ? <ul>{outline.illustrations!.map((s, i) => <li key={i}>{s}</li>)}</ul> : <Muted>No illustrations available</Muted>}
      </Section>
      <Section>
        <h3>Conclusion</h3>
        {conclusion.length > 0 ? conclusion.map((line, i) => <p key={i}>{line}</p>) : <Muted>No conclusion available</Muted>}
      </Section>
    </div>
  );
}
