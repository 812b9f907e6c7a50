import type { RaidComposition, RaidDetail } from '@guildhall/contract';
import { useState } from 'react';
import { usePublishCompositionMutation } from '../../api/raid-page';
import { Badge } from '../../ui/badge';
import { FormError } from '../../ui/form-error';
import { formatDateTime } from '../../ui/format-date';

interface CompositionPublicationProps {
  guildId: string;
  raid: RaidDetail;
  composition: RaidComposition;
  canManage: boolean;
}

/** Whether the board is published (and locked); officers publish it now or at a time they set, or reopen it. */
export function CompositionPublication({ guildId, raid, composition, canManage }: CompositionPublicationProps) {
  const publish = usePublishCompositionMutation(guildId, raid.id);
  const [at, setAt] = useState('');
  const version = composition.version;
  const status = composition.isPublished
    ? `Published ${formatDateTime(composition.publishAt)}: locked`
    : composition.publishAt
      ? `To be published ${formatDateTime(composition.publishAt)}`
      : 'Not published: only officers see it';
  return (
    <div className="composition__publication" data-testid="composition-publication">
      <Badge tone={composition.isPublished ? 'good' : 'neutral'}>{status}</Badge>
      {canManage && !raid.cancelledAt && (
        <div className="composition__actions">
          {composition.isPublished || composition.publishAt ? (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={publish.isPending}
              onClick={() => publish.mutate({ version, publishAt: null })}
            >
              Reopen
            </button>
          ) : null}
          {!composition.isPublished && (
            <>
              <button
                type="button"
                className="button button--primary button--small"
                disabled={publish.isPending}
                onClick={() => publish.mutate({ version, publishAt: new Date().toISOString() })}
              >
                Publish now
              </button>
              <label className="composition__schedule">
                <span>Publish at</span>
                <input type="datetime-local" value={at} onChange={(event) => setAt(event.target.value)} />
              </label>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={publish.isPending || !at}
                onClick={() => publish.mutate({ version, publishAt: new Date(at).toISOString() })}
              >
                Schedule
              </button>
            </>
          )}
        </div>
      )}
      <FormError error={publish.error} />
    </div>
  );
}
