import { useState } from 'react';
import { Button, showToast } from '@lectern/shell-kit';
import type { Outline } from '../sermons/sermon.types.ts';
import { outlineDraft, outlineFromDraft } from '../sermons/outline.edit.ts';
import type { OutlineDraft } from '../sermons/outline.edit.ts';
import { outlineDocument, printDocument } from '../sermons/print.document.ts';
import { PLACEHOLDERS } from '../sermons/devotional.edit.ts';
import { EditField, EditGrid, Placeholder, Row, SubHeading, textFromHtml } from './form.styles.ts';

export const NO_OUTLINE = 'No outline available';

export function printOutline(title: string, outline: Outline | null): void {
  if (!outline) {
    showToast({ kind: 'error', title: NO_OUTLINE });
    return;
  }
  printDocument(outlineDocument(title, outline));
}

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

export function OutlineView({ outline }: { outline: Outline | null }) {
  if (!outline) return <p>{NO_OUTLINE}</p>;
  return (
    <div data-testid="outline-view">
      <SubHeading>Theme</SubHeading>
      {outline.theme ? <p>{outline.theme}</p> : <Placeholder>{PLACEHOLDERS.theme}</Placeholder>}
      {outline.mainPoints && outline.mainPoints.length > 0 ? (
        <>
          <SubHeading>Main Points</SubHeading>
          <ol>
            {outline.mainPoints.map((point, index) => (
              <li key={index}>
                <strong>{point.title}</strong>
                {point.scripture && <em> ({point.scripture})</em>}
                {point.summary && <p>{point.summary}</p>}
                {point.details && <p style={{ whiteSpace: 'pre-line' }}>{textFromHtml(point.details)}</p>}
              </li>
            ))}
          </ol>
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
          <p style={{ whiteSpace: 'pre-line' }}>{textFromHtml(outline.application)}</p>
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

/** View, Edit / Cancel / Save; lists are edited one item per line. */
export function OutlineEditor({ outline, saving, onSave }: { outline: Outline | null; saving: boolean; onSave(outline: Outline): Promise<boolean> }) {
  const [draft, setDraft] = useState<OutlineDraft | null>(null);
  if (!draft)
    return (
      <div>
        <Row>
          <Button type="button" $variant="secondary" onClick={() => setDraft(outlineDraft(outline))}>
            Edit
          </Button>
        </Row>
        <OutlineView outline={outline} />
      </div>
    );
  const field = (name: keyof OutlineDraft, label: string, multiline = true) => (
    <EditField>
      {label}
      {multiline ? (
        <textarea name={name} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} />
      ) : (
        <input name={name} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} />
      )}
      {multiline && <small>One item per line</small>}
    </EditField>
  );
  return (
    <EditGrid>
      {field('theme', 'Theme', false)}
      {field('keyPoints', 'Key points')}
      {field('scriptures', 'Scriptures')}
      {field('applications', 'Applications')}
      {field('conclusion', 'Conclusion')}
      <Row>
        <Button type="button" $variant="secondary" disabled={saving} onClick={() => setDraft(null)}>
          Cancel
        </Button>
        <Button
          type="button"
          disabled={saving}
          onClick={() => {
            void onSave(outlineFromDraft(outline, draft)).then((saved) => saved && setDraft(null));
          }}
        >
          Save
        </Button>
      </Row>
    </EditGrid>
  );
}
