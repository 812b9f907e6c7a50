import { ChevronDown } from 'lucide-react';
import { Badge } from '../../ui/badge';
import { formatDateTime } from '../../ui/format-date';
import { SampleDetails, sampleMessage, sampleModel, type TypedSample } from './sample-details';
import { formatScore } from './sample-text';

interface SampleRowProps {
  item: TypedSample;
  isOpen: boolean;
  isSelected: boolean;
  isVerifying: boolean;
  onToggle: () => void;
  onSelect: (isSelected: boolean) => void;
  onVerify: () => void;
  onCorrect: () => void;
}

/** Verified or Unverified, as a badge. */
export function VerifiedBadge({ isVerified }: { isVerified: boolean }) {
  return isVerified ? (
    <Badge tone="good" data-testid="verified-badge">
      Verified
    </Badge>
  ) : (
    <Badge tone="unknown">Unverified</Badge>
  );
}

/** One sample of a list: a summary that expands to its details, a selection box, Verify (unverified only) and Correct. */
export function SampleRow({ item, isOpen, isSelected, isVerifying, onToggle, onSelect, onVerify, onCorrect }: SampleRowProps) {
  const { sample } = item;
  const detailsId = `sample-${sample.id}-details`;
  const message = sampleMessage(item);
  return (
    <li className={`td-row${isOpen ? ' td-row--open' : ''}`} data-testid="sample-row" data-sample-id={sample.id}>
      <div className="td-row__line">
        <input
          type="checkbox"
          className="td-row__check"
          checked={isSelected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select sample: ${message.slice(0, 60)}`}
        />
        <button type="button" className="td-row__summary" aria-expanded={isOpen} aria-controls={detailsId} onClick={onToggle}>
          <span className="td-row__message">{message}</span>
          <span className="td-row__meta">
            {item.type === 'intent' && (
              <span className="td-row__figure">
                {item.sample.shouldRespond ? 'Respond' : 'Ignore'} · confidence {formatScore(item.sample.confidence)}
              </span>
            )}
            <span className="td-row__figure" data-testid="sample-quality">
              quality {formatScore(sample.qualityScore)}
            </span>
            <span className="td-muted">{sampleModel(item)}</span>
            <time className="td-muted" dateTime={sample.timestamp}>
              {formatDateTime(sample.timestamp)}
            </time>
          </span>
          <ChevronDown className="td-row__chevron" size={16} aria-hidden="true" />
        </button>
        <span className="td-row__actions">
          <VerifiedBadge isVerified={sample.humanVerified} />
          {sample.labelCorrections && <Badge tone="brand">Relabelled</Badge>}
          {!sample.humanVerified && (
            <button type="button" className="button button--primary button--small" onClick={onVerify} disabled={isVerifying}>
              {isVerifying ? 'Verifying...' : 'Verify'}
            </button>
          )}
          <button type="button" className="button button--secondary button--small" onClick={onCorrect}>
            Correct label
          </button>
        </span>
      </div>
      <div id={detailsId} hidden={!isOpen}>
        {isOpen && <SampleDetails item={item} />}
      </div>
    </li>
  );
}
