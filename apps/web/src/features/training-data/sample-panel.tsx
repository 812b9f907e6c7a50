import { type SampleType, TRAINING_DATA_MESSAGES } from '@guildhall/contract';
import { X } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { useSample, useVerifySample } from '../../api/training-data';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { LabelFormModal } from './label-form-modal';
import { SampleDetails, type TypedSample } from './sample-details';
import { VerifiedBadge } from './sample-row';

interface SamplePanelProps {
  type: SampleType;
  id: string;
  onClose: () => void;
}

/** The sample a link named (`?type=…&sample=<id>`, e.g. from Agent Logs), open above the list. */
export function SamplePanel({ type, id, onClose }: SamplePanelProps) {
  const sample = useSample(type, id);
  const verify = useVerifySample();
  const [labelling, setLabelling] = useState<TypedSample | null>(null);
  const item = sample.data?.data as TypedSample | undefined;
  const isMissing = sample.error instanceof ApiError && (sample.error.status === 404 || sample.error.status === 400);

  return (
    <Card
      className="td-panel"
      data-testid="sample-panel"
      title={`Linked ${type} sample`}
      actions={
        <button type="button" className="icon-button" aria-label="Close the linked sample" onClick={onClose}>
          <X size={18} aria-hidden="true" />
        </button>
      }
    >
      {sample.isPending && <Spinner label="Loading the sample..." />}
      {sample.isError && (
        <p role="alert" className="td-panel__error">
          {isMissing ? TRAINING_DATA_MESSAGES.sampleNotFound : TRAINING_DATA_MESSAGES.samplesFailed(type)}
        </p>
      )}
      {item && (
        <>
          <div className="td-panel__actions">
            <VerifiedBadge isVerified={item.sample.humanVerified} />
            {!item.sample.humanVerified && (
              <button
                type="button"
                className="button button--primary button--small"
                disabled={verify.isPending}
                onClick={() => verify.mutate({ type: item.type, id: item.sample.id })}
              >
                {verify.isPending ? 'Verifying...' : 'Verify'}
              </button>
            )}
            <button type="button" className="button button--secondary button--small" onClick={() => setLabelling(item)}>
              Correct label
            </button>
          </div>
          <SampleDetails item={item} />
          {(sample.data?.feedback.length ?? 0) > 0 && (
            <section className="td-detail__block">
              <h3 className="td-detail__title">Feedback</h3>
              <ul className="td-feedback">
                {sample.data?.feedback.map((entry) => (
                  <li key={entry.id}>
                    {entry.wasCorrect === null ? 'No verdict' : entry.wasCorrect ? 'Correct' : 'Wrong'}
                    {entry.rating !== null && ` · ${entry.rating}/5`}
                    {entry.comment && ` · ${entry.comment}`}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      <LabelFormModal item={labelling} onClose={() => setLabelling(null)} />
    </Card>
  );
}
