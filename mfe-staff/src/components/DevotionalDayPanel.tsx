import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@lectern/shell-kit';
import type { Devotional, Reflection, ScripturePassage } from '../sermons/sermon.types.ts';
import {
  PLACEHOLDERS,
  additionalScriptureFromText,
  additionalScriptureText,
  observationsFromText,
} from '../sermons/devotional.edit.ts';
import type { Form } from '../sermons/devotional.edit.ts';
import { FORM_LABELS, devotionalDocument, printDocument } from '../sermons/print.document.ts';
import { EditField, EditGrid, Placeholder, Row, SubHeading } from './form.styles.ts';

const Panel = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  margin-bottom: 0.75rem;
  summary {
    cursor: pointer;
    padding: 0.85rem 1rem;
    font-weight: 700;
  }
  > div {
    padding: 0 1rem 1rem;
  }
  @media (max-width: 560px) {
    summary {
      padding: 0.75rem;
    }
    > div {
      padding: 0 0.75rem 0.75rem;
    }
  }
  blockquote {
    margin: 0.5rem 0;
    padding-left: 1rem;
    border-left: 3px solid ${({ theme }) => theme.colors.accent};
    font-style: italic;
  }
`;

const Tabs = styled.div`
  display: flex;
  gap: 0.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: 0.75rem;
  button {
    font: inherit;
    font-weight: 600;
    background: none;
    border: 0;
    border-bottom: 3px solid transparent;
    padding: 0.5rem 0.9rem;
    cursor: pointer;
    color: ${({ theme }) => theme.colors.inkMuted};
  }
  button[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.primary};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;

function Text({ value, placeholder }: { value: string; placeholder: string }) {
  return value ? <p>{value}</p> : <Placeholder>{placeholder}</Placeholder>;
}

function DayView({ devotional, form }: { devotional: Devotional; form: Form }) {
  const passage = devotional.scripturePassage[form];
  const reflection = devotional.reflection[form];
  return (
    <div>
      <SubHeading>Theme</SubHeading>
      <Text value={devotional.theme} placeholder={PLACEHOLDERS.theme} />
      <SubHeading>Opening Prayer</SubHeading>
      <Text value={devotional.openingPrayer[form]} placeholder={PLACEHOLDERS.openingPrayer} />
      <SubHeading>Scripture</SubHeading>
      <Text value={passage.reference} placeholder={PLACEHOLDERS.reference} />
      {passage.text && <blockquote>{passage.text}</blockquote>}
      {passage.context && <p>{passage.context}</p>}
      <SubHeading>Reflection</SubHeading>
      {reflection.observations.length > 0 && (
        <ul>
          {reflection.observations.map((o, i) => (
            <li key={i}>{o}</li>
          ))}
        </ul>
      )}
      {reflection.interpretation && <p>{reflection.interpretation}</p>}
      {reflection.application && (
        <p>
          <strong>Application:</strong> {reflection.application}
        </p>
      )}
      {reflection.keyTakeaway && (
        <p>
          <strong>Key takeaway:</strong> {reflection.keyTakeaway}
        </p>
      )}
      {reflection.question && (
        <p>
          <strong>Question:</strong> {reflection.question}
        </p>
      )}
      <SubHeading>Closing Prayer</SubHeading>
      <Text value={devotional.closingPrayer[form]} placeholder={PLACEHOLDERS.closingPrayer} />
      {form === 'full' && devotional.additionalScripture && devotional.additionalScripture.length > 0 && (
        <>
          <SubHeading>Additional Scripture</SubHeading>
          <ul>
            {devotional.additionalScripture.map((s, i) => (
              <li key={i}>
                <strong>{s.reference}</strong>
                {s.note && ` — ${s.note}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The edit form of one form (Short or Long) of the draft; observations one per line. */
function DayEditor({
  draft,
  form,
  observations,
  scriptures,
  onChange,
  onObservations,
  onScriptures,
}: {
  draft: Devotional;
  form: Form;
  observations: string;
  scriptures: string;
  onChange(next: Devotional): void;
  onObservations(text: string): void;
  onScriptures(text: string): void;
}) {
  const passage = draft.scripturePassage[form];
  const reflection = draft.reflection[form];
  const setPassage = (patch: Partial<ScripturePassage>) =>
    onChange({ ...draft, scripturePassage: { ...draft.scripturePassage, [form]: { ...passage, ...patch } } });
  const setReflection = (patch: Partial<Reflection>) =>
    onChange({ ...draft, reflection: { ...draft.reflection, [form]: { ...reflection, ...patch } } });
  return (
    <EditGrid>
      <EditField>
        Title
        <input
          name="title"
          value={draft.title}
          onChange={(e) => onChange({ ...draft, title: e.target.value })}
        />
      </EditField>
      <EditField>
        Theme
        <input
          name="theme"
          value={draft.theme}
          onChange={(e) => onChange({ ...draft, theme: e.target.value })}
        />
      </EditField>
      <EditField>
        Opening prayer
        <textarea
          name="openingPrayer"
          value={draft.openingPrayer[form]}
          onChange={(e) =>
            onChange({ ...draft, openingPrayer: { ...draft.openingPrayer, [form]: e.target.value } })
          }
        />
      </EditField>
      <EditField>
        Scripture reference
        <input
          name="reference"
          value={passage.reference}
          onChange={(e) => setPassage({ reference: e.target.value })}
        />
      </EditField>
      <EditField>
        Scripture text
        <textarea
          name="passageText"
          value={passage.text}
          onChange={(e) => setPassage({ text: e.target.value })}
        />
      </EditField>
      <EditField>
        Context
        <textarea
          name="context"
          value={passage.context}
          onChange={(e) => setPassage({ context: e.target.value })}
        />
      </EditField>
      <EditField>
        Observations
        <textarea name="observations" value={observations} onChange={(e) => onObservations(e.target.value)} />
        <small>One per line</small>
      </EditField>
      <EditField>
        Interpretation
        <textarea
          name="interpretation"
          value={reflection.interpretation}
          onChange={(e) => setReflection({ interpretation: e.target.value })}
        />
      </EditField>
      <EditField>
        Application
        <textarea
          name="application"
          value={reflection.application}
          onChange={(e) => setReflection({ application: e.target.value })}
        />
      </EditField>
      <EditField>
        Key takeaway
        <input
          name="keyTakeaway"
          value={reflection.keyTakeaway}
          onChange={(e) => setReflection({ keyTakeaway: e.target.value })}
        />
      </EditField>
      <EditField>
        Question
        <input
          name="question"
          value={reflection.question}
          onChange={(e) => setReflection({ question: e.target.value })}
        />
      </EditField>
      <EditField>
        Closing prayer
        <textarea
          name="closingPrayer"
          value={draft.closingPrayer[form]}
          onChange={(e) =>
            onChange({ ...draft, closingPrayer: { ...draft.closingPrayer, [form]: e.target.value } })
          }
        />
      </EditField>
      <EditField>
        Additional scripture
        <textarea
          name="additionalScripture"
          value={scriptures}
          onChange={(e) => onScriptures(e.target.value)}
        />
        <small>One per line: reference — note (both forms; printed with the Long Form)</small>
      </EditField>
    </EditGrid>
  );
}

/** One day of the series: collapsible, Short Form / Long Form tabs, view or edit, print either form. */
export function DevotionalDayPanel({
  sermonTitle,
  devotional,
  canEdit,
  editing,
  saving,
  onEdit,
  onCancel,
  onSave,
}: {
  sermonTitle: string;
  devotional: Devotional;
  canEdit: boolean;
  /** Another day is being edited: this one offers no Edit meanwhile. */
  editing: 'this' | 'other' | 'none';
  saving: boolean;
  onEdit(): void;
  onCancel(): void;
  onSave(devotional: Devotional): Promise<boolean>;
}) {
  const [form, setForm] = useState<Form>('quick');
  const [draft, setDraft] = useState<Devotional | null>(null);
  const [observations, setObservations] = useState<Record<Form, string>>({ quick: '', full: '' });
  const [scriptures, setScriptures] = useState('');
  const isEditing = editing === 'this' && draft !== null;

  function startEdit() {
    setDraft(structuredClone(devotional));
    setObservations({
      quick: devotional.reflection.quick.observations.join('\n'),
      full: devotional.reflection.full.observations.join('\n'),
    });
    setScriptures(additionalScriptureText(devotional.additionalScripture));
    onEdit();
  }

  async function save() {
    if (!draft) return;
    const next: Devotional = {
      ...draft,
      reflection: {
        quick: { ...draft.reflection.quick, observations: observationsFromText(observations.quick) },
        full: { ...draft.reflection.full, observations: observationsFromText(observations.full) },
      },
      // Left empty on a day that had none: stays null rather than becoming an empty list.
      additionalScripture:
        draft.additionalScripture === null && scriptures.trim() === ''
          ? null
          : additionalScriptureFromText(scriptures),
    };
    if (await onSave(next)) setDraft(null);
  }

  return (
    <Panel open={devotional.dayNumber === 1 || isEditing} data-day={devotional.dayNumber}>
      <summary>
        Day {devotional.dayNumber}: {devotional.title}
      </summary>
      <div>
        <Tabs role="tablist">
          {(['quick', 'full'] as const).map((f) => (
            <button
              key={f}
              type="button"
              role="tab"
              id={`day-${devotional.dayNumber}-${f}-tab`}
              aria-controls={`day-${devotional.dayNumber}-panel`}
              aria-selected={form === f}
              onClick={() => setForm(f)}
            >
              {FORM_LABELS[f]}
            </button>
          ))}
        </Tabs>
        <div
          role="tabpanel"
          id={`day-${devotional.dayNumber}-panel`}
          aria-labelledby={`day-${devotional.dayNumber}-${form}-tab`}
        >
          {isEditing ? (
            <DayEditor
              draft={draft}
              form={form}
              observations={observations[form]}
              scriptures={scriptures}
              onChange={setDraft}
              onObservations={(text) => setObservations({ ...observations, [form]: text })}
              onScriptures={setScriptures}
            />
          ) : (
            <DayView devotional={devotional} form={form} />
          )}
        </div>
        <Row style={{ marginTop: '1rem' }}>
          {isEditing ? (
            <>
              <Button
                type="button"
                $variant="secondary"
                disabled={saving}
                onClick={() => {
                  setDraft(null);
                  onCancel();
                }}
              >
                Cancel
              </Button>
              <Button type="button" disabled={saving} onClick={() => void save()}>
                Save
              </Button>
            </>
          ) : (
            <>
              {canEdit && editing === 'none' && (
                <Button type="button" $variant="secondary" onClick={startEdit}>
                  Edit
                </Button>
              )}
              <Button
                type="button"
                $variant="secondary"
                onClick={() => printDocument(devotionalDocument(sermonTitle, devotional, 'quick'))}
              >
                Print Short Form
              </Button>
              <Button
                type="button"
                $variant="secondary"
                onClick={() => printDocument(devotionalDocument(sermonTitle, devotional, 'full'))}
              >
                Print Long Form
              </Button>
            </>
          )}
        </Row>
      </div>
    </Panel>
  );
}
