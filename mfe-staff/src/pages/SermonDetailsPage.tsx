import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError, Button, ErrorPanel, Panel, PageTitle, Spinner } from '@lectern/shell-kit';
import { useSermonDetails } from '../hooks/useSermonDetails.ts';
import { messageOf } from '../hooks/useResource.ts';
import { SECTION_FAILURE_TITLES, percentOf, showStepper, stepState } from '../sermons/pipeline.steps.ts';
import { formatDate } from '../sermons/sermon.format.ts';
import type { SermonDetails } from '../sermons/sermon.types.ts';
import { StatusBadge } from '../components/SermonStatus.tsx';
import { PipelineStepper } from '../components/PipelineStepper.tsx';
import { SectionCard } from '../components/SectionCard.tsx';
import { TranscriptPreview, downloadTranscript, printTranscript } from '../components/TranscriptSection.tsx';
import { RecordingReview } from '../components/RecordingReview.tsx';
import { DiscussionGuideSection } from '../components/DiscussionGuideSection.tsx';
import { OutlineSection } from '../components/OutlineSection.tsx';
import { DevotionalSeries } from '../components/DevotionalSeries.tsx';
import { DeleteSermonDialog } from '../components/DeleteSermonDialog.tsx';
import { UnpublishSermonDialog } from '../components/UnpublishSermonDialog.tsx';
import { RenderErrorBoundary } from '../components/RenderErrorBoundary.tsx';
import { Stack } from './staff.styles.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const Header = styled.header`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 0.75rem 1rem;
  flex-wrap: wrap;
  > div:first-child {
    flex: 1 1 20rem;
    min-width: 0;
  }
  h1 {
    margin: 0.25rem 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: 560px) {
    h1 {
      font-size: 1.6rem;
    }
  }
`;

const Meta = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.35rem 0.75rem;
  color: ${({ theme }) => theme.colors.inkMuted};
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

export function SermonDetailsPage() {
  const { id } = useParams();
  return (
    <Stack>
      <Link to="/sermons">← Back to Sermons</Link>
      <RenderErrorBoundary key={id ?? ''}>
        {id && UUID.test(id) ? <SermonDetailsView id={id} /> : <ErrorPanel title="Invalid sermon ID" />}
      </RenderErrorBoundary>
    </Stack>
  );
}

function SermonDetailsView({ id }: { id: string }) {
  const navigate = useNavigate();
  const toLibrary = useCallback(() => navigate('/sermons'), [navigate]);
  const { data, error, loading, reload, busyAction, actions } = useSermonDetails(id, toLibrary);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);

  if (loading && !data) return <Spinner label="Loading sermon…" />;
  if (error && !data) {
    if (error instanceof ApiError && error.status === 404) return <ErrorPanel title="Sermon not found" />;
    if (error instanceof ApiError && error.status === 400) return <ErrorPanel title="Invalid sermon ID" />;
    return (
      <ErrorPanel
        title="The sermon could not be loaded"
        message={messageOf(error, 'Please try again.')}
        onRetry={reload}
      />
    );
  }
  if (!data) return <ErrorPanel title="Sermon not found" />;
  return (
    <>
      <SermonContent
        details={data}
        busyAction={busyAction}
        onPublish={() => void actions.publish()}
        onUnpublish={() => setConfirmUnpublish(true)}
        onDelete={() => setConfirmDelete(true)}
        onStop={() => void actions.stop().then((stopped) => stopped && toLibrary())}
        onRetry={() => void actions.retry(data.sermon.temporaryMediaPath)}
        onSaveOutline={actions.saveOutline}
        onSaveDevotional={actions.saveDevotional}
      />
      {confirmUnpublish && (
        <UnpublishSermonDialog
          title={data.sermon.title}
          unpublishing={busyAction === 'unpublish'}
          onCancel={() => setConfirmUnpublish(false)}
          onConfirm={() => void actions.unpublish().then(() => setConfirmUnpublish(false))}
        />
      )}
      {confirmDelete && (
        <DeleteSermonDialog
          deleting={busyAction === 'delete'}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() =>
            void actions.remove().then((removed) => {
              setConfirmDelete(false);
              if (removed) toLibrary();
            })
          }
        />
      )}
    </>
  );
}

function SermonContent({
  details,
  busyAction,
  onPublish,
  onUnpublish,
  onDelete,
  onStop,
  onRetry,
  onSaveOutline,
  onSaveDevotional,
}: {
  details: SermonDetails;
  busyAction: string | null;
  onPublish(): void;
  onUnpublish(): void;
  onDelete(): void;
  onStop(): void;
  onRetry(): void;
  onSaveOutline: Parameters<typeof OutlineSection>[0]['onSave'];
  onSaveDevotional: Parameters<typeof DevotionalSeries>[0]['onSave'];
}) {
  const { sermon, progress, transcript, outline, devotionals } = details;
  const section = (step: 'transcribe' | 'outline' | 'devotion') => ({
    state: stepState(progress, step),
    percent: percentOf(progress, step),
    failureTitle: SECTION_FAILURE_TITLES[step],
    retrying: busyAction === 'retry',
    onRetry,
  });
  return (
    <>
      <Header>
        <div>
          <PageTitle>{sermon.title}</PageTitle>
          <Meta>
            <span>
              {sermon.speaker} · {formatDate(sermon.recordedAt ?? sermon.createdAt)}
            </span>
            <StatusBadge status={sermon.status} />
          </Meta>
        </div>
        <Actions>
          {sermon.status === 'REVIEW' && (
            <Button type="button" disabled={busyAction === 'publish'} onClick={onPublish}>
              Publish
            </Button>
          )}
          {sermon.status === 'PUBLISHED' && (
            <Button type="button" $variant="secondary" disabled={busyAction === 'unpublish'} onClick={onUnpublish}>
              Unpublish
            </Button>
          )}
          <Button type="button" $variant="secondary" onClick={onDelete}>
            Delete
          </Button>
        </Actions>
      </Header>
      {progress.errorMessage && (
        <Panel tone="danger" role="alert" title="Processing failed">
          <p>{progress.errorMessage}</p>
          {/* A failure in the upload step has no section card (and so no Retry there). */}
          {progress.status === 'failed' && progress.currentStep === 'upload' && (
            <Button type="button" disabled={busyAction === 'retry'} onClick={onRetry}>
              Retry Processing
            </Button>
          )}
        </Panel>
      )}
      {showStepper(progress, sermon.status) && (
        <PipelineStepper progress={progress} stopping={busyAction === 'stop'} onStop={onStop} />
      )}
      <SectionCard
        title="Transcription"
        {...section('transcribe')}
        tools={
          <>
            <Button
              type="button"
              $variant="secondary"
              onClick={() => downloadTranscript(sermon.title, transcript?.text)}
            >
              Download
            </Button>
            <Button
              type="button"
              $variant="secondary"
              onClick={() => printTranscript(sermon.title, transcript?.text)}
            >
              Print
            </Button>
          </>
        }
      >
        <TranscriptPreview text={transcript?.text} characterCount={transcript?.characterCount} />
        {transcript && sermon.temporaryMediaPath && <RecordingReview sermonId={sermon.id} title={sermon.title} />}
      </SectionCard>
      <OutlineSection
        sermonTitle={sermon.title}
        outline={outline}
        saving={busyAction === 'outline'}
        locked={sermon.status === 'PROCESSING'}
        onSave={onSaveOutline}
        card={section('outline')}
      />
      <SectionCard title="5-Day Devotional Series" {...section('devotion')}>
        <DevotionalSeries
          sermonTitle={sermon.title}
          devotionals={devotionals}
          saving={busyAction === 'devotional'}
          onSave={onSaveDevotional}
        />
      </SectionCard>
      {/* the spec's three review sections first; the discussion guide (ours) after them */}
      {sermon.status !== 'PROCESSING' && <DiscussionGuideSection sermonId={sermon.id} />}
    </>
  );
}
