import { useState } from 'react';
import styled from 'styled-components';
import { Button, showToast } from '@lectern/shell-kit';
import type { Outline } from '../sermons/sermon.types.ts';
import { mainPointBody, outlineDraft, outlineFromDraft } from '../sermons/outline.edit.ts';
import type { MainPointDraft, OutlineDraft, OutlineListField } from '../sermons/outline.edit.ts';
import { richBlocks } from '../sermons/rich.text.ts';
import type { RichBlock } from '../sermons/rich.text.ts';
import { outlineDocument, printDocument } from '../sermons/print.document.ts';
import { PLACEHOLDERS } from '../sermons/devotional.edit.ts';
import { EditField, EditGrid, Placeholder, Row, SubHeading } from './form.styles.ts';
import { SectionCard } from './SectionCard.tsx';

export const NO_OUTLINE = 'No outline available';

export function printOutline(title: string, outline: Outline | null): void {
  if (!outline) {
    showToast({ kind: 'error', title: NO_OUTLINE });
    return;
  }
  printDocument(outlineDocument(title, outline));
}

const Points = styled.ol`
  padding-left: 1.25rem;
  > li + li {
    margin-top: 0.75rem;
  }
  p {
    margin: 0.3rem 0;
  }
  ul {
    margin: 0.3rem 0;
    color: ${({ theme }) => theme.colors.inkMuted};
  }
`;

const Scripture = styled.span`
  color: ${({ theme }) => theme.colors.info};
  font-style: italic;
  white-space: nowrap;
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.inkMuted};
  font-size: 0.9rem;
  margin: 0 0 0.5rem;
`;

const PointEditor = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding: 0.75rem;
  margin: 0;
  display: grid;
  gap: 0.6rem 1rem;
  legend {
    font-weight: 700;
    padding: 0 0.25rem;
  }
  @media (min-width: 720px) {
    grid-template-columns: 2fr 1fr;
    > label:last-child {
      grid-column: 1 / -1;
    }
  }
`;

function List({ items }: { items: string[] | undefined }) {
  if (!items || items.length === 0) return null;
  return (
    <ul>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

function Blocks({ blocks }: { blocks: RichBlock[] }) {
  return (
    <>
      {blocks.map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>{block.text}</p>
        ) : block.ordered ? (
          <ol key={index}>
            {block.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ol>
        ) : (
          <ul key={index}>
            {block.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

/** The outline as read: main points in preference to key points (spec 000 §3). */
export function OutlineView({ outline }: { outline: Outline | null }) {
  if (!outline) return <p>{NO_OUTLINE}</p>;
  return (
    <div data-testid="outline-view">
      <SubHeading>Theme</SubHeading>
      {outline.theme ? <p>{outline.theme}</p> : <Placeholder>{PLACEHOLDERS.theme}</Placeholder>}
      {outline.mainPoints && outline.mainPoints.length > 0 ? (
        <>
          <SubHeading>Main Points</SubHeading>
          <Points>
            {outline.mainPoints.map((point, index) => (
              <li key={index}>
                <strong>{point.title}</strong>
                {point.scripture && <Scripture> ({point.scripture})</Scripture>}
                <Blocks blocks={mainPointBody(point)} />
              </li>
            ))}
          </Points>
        </>
      ) : outline.keyPoints && outline.keyPoints.length > 0 ? (
        <>
          <SubHeading>Key Points</SubHeading>
          <List items={outline.keyPoints} />
        </>
      ) : null}
      {outline.scriptures && outline.scriptures.length > 0 && (
        <>
          <SubHeading>Scriptures</SubHeading>
          <List items={outline.scriptures} />
        </>
      )}
      {outline.applications && outline.applications.length > 0 ? (
        <>
          <SubHeading>Applications</SubHeading>
          <List items={outline.applications} />
        </>
      ) : outline.application ? (
        <>
          <SubHeading>Application</SubHeading>
          <Blocks blocks={richBlocks(outline.application)} />
        </>
      ) : null}
      {outline.illustrations && outline.illustrations.length > 0 && (
        <>
          <SubHeading>Illustrations</SubHeading>
          <List items={outline.illustrations} />
        </>
      )}
      {outline.conclusion && outline.conclusion.length > 0 && (
        <>
          <SubHeading>Conclusion</SubHeading>
          <List items={outline.conclusion} />
        </>
      )}
    </div>
  );
}

const LIST_FIELDS: readonly [OutlineListField, string][] = [
  ['keyPoints', 'Key points'],
  ['scriptures', 'Scriptures'],
  ['applications', 'Applications'],
  ['illustrations', 'Illustrations'],
  ['conclusion', 'Conclusion'],
];

/** The edit form: main points point by point, the lists one item per line; Cancel / Save. */
function OutlineForm({
  outline,
  saving,
  onSave,
  onClose,
}: {
  outline: Outline | null;
  saving: boolean;
  onSave(outline: Outline): Promise<boolean>;
  onClose(): void;
}) {
  const [draft, setDraft] = useState<OutlineDraft>(() => outlineDraft(outline));
  const setPoint = (index: number, patch: Partial<MainPointDraft>) =>
    setDraft({
      ...draft,
      mainPoints: draft.mainPoints.map((point, i) => (i === index ? { ...point, ...patch } : point)),
    });
  return (
    <EditGrid>
      <EditField>
        Theme
        <input
          name="theme"
          value={draft.theme}
          onChange={(e) => setDraft({ ...draft, theme: e.target.value })}
        />
      </EditField>
      {draft.mainPoints.map((point, index) => (
        <PointEditor key={index}>
          <legend>Main point {index + 1}</legend>
          <EditField>
            Title
            <input
              name={`mainPoints.${index}.title`}
              value={point.title}
              onChange={(e) => setPoint(index, { title: e.target.value })}
            />
          </EditField>
          <EditField>
            Scripture
            <input
              name={`mainPoints.${index}.scripture`}
              value={point.scripture}
              onChange={(e) => setPoint(index, { scripture: e.target.value })}
            />
          </EditField>
          <EditField>
            Summary
            <textarea
              name={`mainPoints.${index}.summary`}
              value={point.summary}
              onChange={(e) => setPoint(index, { summary: e.target.value })}
            />
          </EditField>
        </PointEditor>
      ))}
      {LIST_FIELDS.map(([name, label]) => (
        <EditField key={name}>
          {label}
          <textarea
            name={name}
            value={draft[name]}
            onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
          />
          <small>One item per line</small>
        </EditField>
      ))}
      <Row>
        <Button type="button" $variant="secondary" disabled={saving} onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="button"
          disabled={saving}
          onClick={() => {
            void onSave(outlineFromDraft(outline, draft)).then((saved) => saved && onClose());
          }}
        >
          Save
        </Button>
      </Row>
    </EditGrid>
  );
}

/**
 * The 'Sermon Outline' section: view, Edit / Cancel / Save, print. Edit and Print sit in the
 * section's header; Edit is disabled while the sermon is still processing (the service refuses it).
 */
export function OutlineSection({
  sermonTitle,
  outline,
  saving,
  locked,
  onSave,
  card,
}: {
  sermonTitle: string;
  outline: Outline | null;
  saving: boolean;
  locked: boolean;
  onSave(outline: Outline): Promise<boolean>;
  card: Omit<Parameters<typeof SectionCard>[0], 'title' | 'tools' | 'children'>;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <SectionCard
      title="Sermon Outline"
      {...card}
      tools={
        <>
          {!editing && (
            <Button
              type="button"
              $variant="secondary"
              disabled={locked || !outline}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
          )}
          <Button type="button" $variant="secondary" onClick={() => printOutline(sermonTitle, outline)}>
            Print
          </Button>
        </>
      }
    >
      {editing ? (
        <OutlineForm outline={outline} saving={saving} onSave={onSave} onClose={() => setEditing(false)} />
      ) : (
        <>
          {locked && <Hint>Editing opens when processing has finished.</Hint>}
          <OutlineView outline={outline} />
        </>
      )}
    </SectionCard>
  );
}
