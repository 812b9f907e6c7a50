import { Badge } from '../../ui/badge';
import { STATS_REFRESH_MS } from './redis-api';

interface LiveIndicatorProps {
  isVisible: boolean;
  isFailing: boolean;
  updatedAt: number;
}

/** 'Live' with a pulsing dot while reads run, 'Paused' while the page is hidden, and the time of the last read. */
export function LiveIndicator({ isVisible, isFailing, updatedAt }: LiveIndicatorProps) {
  const tone = isFailing ? 'bad' : isVisible ? 'good' : 'neutral';
  const label = isFailing ? 'Not updating' : isVisible ? 'Live' : 'Paused';
  return (
    <span className="redis-live" data-testid="redis-live">
      <Badge tone={tone} dot={isVisible && !isFailing ? 'pulse' : 'static'}>
        {label}
      </Badge>
      <span className="redis-muted">
        {updatedAt > 0 ? (
          <>
            Updated <time dateTime={new Date(updatedAt).toISOString()}>{new Date(updatedAt).toLocaleTimeString()}</time>
          </>
        ) : (
          'Not read yet'
        )}
        {isVisible && ` · every ${STATS_REFRESH_MS / 1000} s`}
      </span>
    </span>
  );
}
