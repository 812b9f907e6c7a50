import { RAID_FEED_MESSAGES } from '@guildhall/contract';
import { CalendarSync } from 'lucide-react';
import { useState } from 'react';
import { useMakeRaidFeedMutation, useRaidFeedQuery, useRevokeRaidFeedMutation } from '../../api/raid-feed';
import { ConfirmModal } from '../../ui/confirm-modal';
import { CopyField } from '../../ui/copy-field';
import { FormError } from '../../ui/form-error';
import { formatDateTime, formatRelative } from '../../ui/format-date';

/**
 * "Subscribe in your calendar": the member's secret iCalendar address of their raids. The address is shown once, when
 * made (only its hash is stored); making a new one replaces it, and Revoke (confirmed) stops it answering.
 */
export function RaidFeedPanel({ guildId }: { guildId: string }) {
  const query = useRaidFeedQuery(guildId);
  const make = useMakeRaidFeedMutation(guildId);
  const revoke = useRevokeRaidFeedMutation(guildId);
  const [isRevoking, setIsRevoking] = useState(false);
  if (!query.data) return null;
  const { feed } = query.data;
  const url = make.data?.url;
  const failed = make.error ?? revoke.error;

  return (
    <section className="raid-feed" aria-labelledby="raid-feed-title" data-testid="raid-feed">
      <h2 id="raid-feed-title" className="raid-feed__title">
        Your raids in your phone's calendar
      </h2>
      {url ? (
        <div className="raid-feed__new" role="status">
          <p className="raid-feed__note">{RAID_FEED_MESSAGES.created}</p>
          <CopyField
            value={url}
            label="Calendar address"
            copiedMessage="Calendar address copied"
            copyFailedMessage="Could not copy the address. Select it and copy it by hand."
            testId="raid-feed-url"
          />
          <p className="raid-feed__note">
            In your calendar app, add a calendar by URL (subscribe) and paste it. Anyone with the address sees your raids.
          </p>
        </div>
      ) : (
        feed && (
          <p className="raid-feed__note" data-testid="raid-feed-state">
            Your calendar address was made{' '}
            <time dateTime={feed.createdAt} title={formatDateTime(feed.createdAt)}>
              {formatRelative(feed.createdAt)}
            </time>
            {feed.lastReadAt ? (
              <>
                ; a calendar last read it{' '}
                <time dateTime={feed.lastReadAt} title={formatDateTime(feed.lastReadAt)}>
                  {formatRelative(feed.lastReadAt)}
                </time>
                .
              </>
            ) : (
              '; no calendar has read it yet.'
            )}
          </p>
        )
      )}
      <div className="raid-feed__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => make.mutate()}
          disabled={make.isPending}
        >
          <CalendarSync size={16} aria-hidden="true" /> {feed ? 'Make a new address' : 'Subscribe in your calendar'}
        </button>
        {feed && (
          <button type="button" className="button button--secondary button--small" onClick={() => setIsRevoking(true)}>
            Revoke
          </button>
        )}
      </div>
      <FormError error={failed} />
      <ConfirmModal
        isOpen={isRevoking}
        title="Revoke your calendar address?"
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        isBusy={revoke.isPending}
        isDanger
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              setIsRevoking(false);
              make.reset();
            },
          })
        }
        onClose={() => setIsRevoking(false)}
        testId="revoke-raid-feed"
      >
        <p>Calendars subscribed to it stop showing new raids and changes. You can make a new address afterwards.</p>
      </ConfirmModal>
    </section>
  );
}
