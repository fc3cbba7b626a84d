// Devotional tab (spec 001 §2): Mark as Complete, Quick (1-3 min) / Full (5-10 min), day cards
// that open their detail, every section with its fallback text, a Completed toggle per day.
import { useState } from 'react';
import styled from 'styled-components';
import { Panel } from '@lectern/shell-kit';
import type { Devotional } from '../member/member.types.ts';
import { Muted, Section, ToggleButton, Toolbar } from './member.styles.ts';

export type DevotionalMode = 'quick' | 'full';

const Switch = styled.div`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 999px;
  overflow: hidden;
  button { border: 0; background: ${({ theme }) => theme.colors.surface}; font: inherit; padding: 0.55rem 0.9rem; min-height: 44px; cursor: pointer; color: ${({ theme }) => theme.colors.ink}; }
  button[aria-pressed='true'] { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primaryText}; font-weight: 600; }
`;

const Days = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 150px), 1fr));
  gap: 0.6rem;
  padding: 0;
  margin: 0 0 1rem;
  li { list-style: none; }
  li > button {
    width: 100%; height: 100%; text-align: left; font: inherit; cursor: pointer; padding: 0.8rem; border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border}; background: ${({ theme }) => theme.colors.surface}; color: ${({ theme }) => theme.colors.ink};
    display: flex; flex-direction: column; gap: 0.2rem;
  }
  li > button[aria-expanded='true'] { border-color: ${({ theme }) => theme.colors.primary}; box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.primary} inset; }
  strong { font-size: 0.95rem; }
  span { font-size: 0.85rem; color: ${({ theme }) => theme.colors.inkMuted}; overflow-wrap: anywhere; }
`;

const Detail = styled.article`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 1rem 1.1rem;
  h2 { font-size: 1.2rem; margin: 0 0 1rem; overflow-wrap: anywhere; }
  blockquote { margin: 0.4rem 0; padding-left: 0.8rem; border-left: 3px solid ${({ theme }) => theme.colors.accent}; }
  h4 { font-size: 0.95rem; margin: 0.7rem 0 0.25rem; }
`;

function text(value: string | undefined | null, fallback: string) {
  return value && value.trim() ? <p>{value}</p> : <Muted>{fallback}</Muted>;
}

function DayDetail({ day, mode, completed, busy, onToggle }: { day: Devotional; mode: DevotionalMode; completed: boolean; busy: boolean; onToggle: (completed: boolean) => void }) {
  const passage = day.scripturePassage?.[mode] ?? {};
  const quickPassage = day.scripturePassage?.quick ?? {};
  const reflection = day.reflection?.[mode] ?? {};
  const observations = (reflection.observations ?? []).filter((o) => o.trim() !== '');
  const additional = (day.additionalScripture ?? []).map((a) => (typeof a === 'string' ? a : [a.reference, a.note].filter(Boolean).join(' — '))).filter(Boolean);
  return (
    <Detail aria-label={`Day ${day.dayNumber} detail`} data-testid="day-detail">
      <h2>Day {day.dayNumber}{day.title ? `: ${day.title}` : ''}</h2>
      <Section>
        <h3>Theme</h3>
        {text(day.theme, 'No theme available')}
      </Section>
      <Section>
        <h3>Opening Prayer</h3>
        {text(day.openingPrayer?.[mode], 'No opening prayer available')}
      </Section>
      <Section>
        <h3>Scripture</h3>
        {text(passage.reference || quickPassage.reference, 'No scripture reference available')}
        {passage.text ? <blockquote>{passage.text}</blockquote> : <Muted>No scripture text available</Muted>}
        {mode === 'full' && (
          <>
            <h4>Context</h4>
            {text(passage.context, 'No context available')}
            <h4>Additional Scripture</h4>
            {additional.length > 0 ? <ul>{additional.map((a, i) => <li key={i}>{a}</li>)}</ul> : <Muted>No additional scripture available</Muted>}
          </>
        )}
      </Section>
      <Section>
        <h3>Reflection</h3>
        <h4>Observations</h4>
        {observations.length > 0 ? <ul>{observations.map((o, i) => <li key={i}>{o}</li>)}</ul> : <Muted>No observations available</Muted>}
        <h4>Interpretation</h4>
        {text(reflection.interpretation, 'No interpretation available')}
        <h4>Application</h4>
        {text(reflection.application, 'No application available')}
        <h4>Key Takeaway</h4>
        {text(reflection.keyTakeaway, 'No key takeaway available')}
        <h4>Question to Ponder</h4>
        {text(reflection.question, 'No question available')}
      </Section>
      <Section>
        <h3>Closing Prayer</h3>
        {text(day.closingPrayer?.[mode], 'No closing prayer available')}
      </Section>
      <ToggleButton type="button" aria-pressed={completed} disabled={busy} onClick={() => onToggle(!completed)}>
        {completed ? `✓ Day ${day.dayNumber} Completed` : `Mark Day ${day.dayNumber} Completed`}
      </ToggleButton>
    </Detail>
  );
}

export interface DevotionalTabProps {
  devotionals: Devotional[];
  complete: boolean;
  days: Record<string, boolean>;
  busy: boolean;
  onToggleComplete: (complete: boolean) => void;
  onToggleDay: (devotionalId: string, completed: boolean) => void;
}

export function DevotionalTab({ devotionals, complete, days, busy, onToggleComplete, onToggleDay }: DevotionalTabProps) {
  const [mode, setMode] = useState<DevotionalMode>('quick');
  const [selected, setSelected] = useState<string | null>(null);
  if (devotionals.length === 0) {
    return (
      <Panel title="No devotional available">
        <p>The 5-day devotional is still being generated.</p>
      </Panel>
    );
  }
  const day = devotionals.find((d) => d.id === selected) ?? null;
  return (
    <div>
      <Toolbar>
        <ToggleButton type="button" aria-pressed={complete} disabled={busy} onClick={() => onToggleComplete(!complete)}>
          {complete ? '✓ Devotional Completed' : 'Mark as Complete'}
        </ToggleButton>
        <Switch role="group" aria-label="Devotional length">
          <button type="button" aria-pressed={mode === 'quick'} onClick={() => setMode('quick')}>Quick (1-3 min)</button>
          <button type="button" aria-pressed={mode === 'full'} onClick={() => setMode('full')}>Full (5-10 min)</button>
        </Switch>
      </Toolbar>
      <Days aria-label="Devotional days">
        {devotionals.map((d) => (
          <li key={d.id}>
            <button type="button" aria-expanded={selected === d.id} onClick={() => setSelected((current) => (current === d.id ? null : d.id))}>
              <strong>Day {d.dayNumber}{days[d.id] ? ' ✓' : ''}</strong>
              <span>{d.title || d.theme || 'Devotional'}</span>
              {days[d.id] && <span>Completed</span>}
            </button>
          </li>
        ))}
      </Days>
      {day && <DayDetail day={day} mode={mode} completed={Boolean(days[day.id])} busy={busy} onToggle={(value) => onToggleDay(day.id, value)} />}
    </div>
  );
}
