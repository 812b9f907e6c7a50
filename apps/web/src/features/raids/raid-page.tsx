import { COMMUNITY_PATHS, MESSAGES, RAID_MESSAGES } from '@guildhall/contract';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCompositionQuery, useRaidQuery } from '../../api/raid-page';
import { useLiveRaidAnswers } from '../../api/raids';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { QueryState } from '../../ui/query-state';
import { PageSpinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AnswerBadge } from './answer-badge';
import { CancelRaidModal } from './cancel-raid-modal';
import { CompositionBoard } from './composition-board';
import { EditRaidModal } from './edit-raid-modal';
import { RaidAttendance } from './raid-attendance';
import { RaidHistory } from './raid-history';
import { RaidRemindersSent } from './raid-reminders-sent';
import { RaidSignups } from './raid-signups';
import { clockLabel, dayLabel, ownTimeZone } from './raid-times';
import { SeatSummary } from './seat-summary';
import { SignupModal } from './signup-modal';
import '../../styles/raids.css';
import '../../styles/raid-page.css';

/**
 * /raids/:raidId: one raid, its details in the member's zone and the server's, the member's own answer, the answers by
 * role, the composition board (officers place members; everyone sees it once published), and the history of officer
 * changes. Officers edit and cancel the raid here. Answers and board moves arrive live.
 */
export function RaidPage() {
  const { raidId = '' } = useParams();
  const { selectedGuild } = useCommunitySession();
  const guildId = selectedGuild?.id ?? '';
  const query = useRaidQuery(guildId, raidId);
  const composition = useCompositionQuery(guildId, raidId);
  const [dialog, setDialog] = useState<'answer' | 'edit' | 'cancel' | null>(null);
  useLiveRaidAnswers(guildId);
  useDocumentTitle(query.data?.raid.name ?? 'Raid', 'community');

  if (!selectedGuild) return <PageSpinner />;
  const zone = ownTimeZone();
  return (
    <div className="page raid-page" data-testid="raid-page">
      <Link to={COMMUNITY_PATHS.raids} className="raid-page__back">
        <ArrowLeft size={16} aria-hidden="true" /> All raids
      </Link>
      <QueryState
        query={query}
        variant="page"
        loading="Loading the raid..."
        errorTitle="The raid could not be loaded"
        errorText={MESSAGES.requestFailed}
        testId="raid"
      >
        {({ raid, timeZone, canManage }) => {
          const isOpen = !raid.cancelledAt && Date.parse(raid.signupsCloseAt) > Date.now();
          return (
            <>
              <header className="raids-page__header">
                <div>
                  <h1 className="raids-page__title">{raid.name}</h1>
                  <p className="raid-page__meta">
                    {raid.instance} · {raid.difficulty} · {raid.size} players
                    {raid.leader && ` · Led by ${raid.leader.name}`}
                  </p>
                </div>
                {canManage && !raid.cancelledAt && (
                  <div className="raids-page__nav">
                    <button type="button" className="button button--secondary button--small" onClick={() => setDialog('edit')}>
                      Edit raid
                    </button>
                    <button type="button" className="button button--danger button--small" onClick={() => setDialog('cancel')}>
                      Cancel raid
                    </button>
                  </div>
                )}
              </header>
              {raid.cancelledAt && (
                <p className="raid-card__cancelled" role="note">
                  {RAID_MESSAGES.raidCancelled(raid.cancelReason ?? '')}
                </p>
              )}
              <dl className="raid-page__facts">
                <dt>Starts</dt>
                <dd>
                  {dayLabel(raid.startsAt, zone)} {clockLabel(raid.startsAt, zone)}
                  {raid.endsAt && `–${clockLabel(raid.endsAt, zone)}`} ({zone})
                  {timeZone !== zone &&
                    ` · ${dayLabel(raid.startsAt, timeZone)} ${clockLabel(raid.startsAt, timeZone)} server time (${timeZone})`}
                </dd>
                <dt>Sign-ups close</dt>
                <dd>
                  {dayLabel(raid.signupsCloseAt, zone)} {clockLabel(raid.signupsCloseAt, zone)}
                </dd>
                <dt>Seats</dt>
                <dd>
                  <SeatSummary seats={raid.seats} filled={raid.filled} />
                </dd>
                {raid.notes && (
                  <>
                    <dt>Notes</dt>
                    <dd className="raid-page__notes">{raid.notes}</dd>
                  </>
                )}
                <dt>Your answer</dt>
                <dd className="raid-page__answer">
                  {raid.myAnswer ? <AnswerBadge answer={raid.myAnswer} testId="raid-my-answer" isOwn /> : 'Not answered'}
                  {isOpen && (
                    <button type="button" className="button button--secondary button--small" onClick={() => setDialog('answer')}>
                      {raid.myAnswer ? 'Change answer' : 'Sign up'}
                    </button>
                  )}
                </dd>
              </dl>
              <section className="raid-page__section" aria-labelledby="raid-signups-title">
                <h2 id="raid-signups-title">Sign-ups</h2>
                <RaidSignups signups={raid.signups} />
              </section>
              <section className="raid-page__section" aria-labelledby="raid-composition-title">
                <h2 id="raid-composition-title">Composition</h2>
                {composition.data && (
                  <CompositionBoard
                    guildId={guildId}
                    raid={raid}
                    composition={composition.data.composition}
                    canManage={canManage}
                  />
                )}
              </section>
              {canManage && (
                <section className="raid-page__section" aria-labelledby="raid-reminders-title">
                  <h2 id="raid-reminders-title">Reminders</h2>
                  <RaidRemindersSent guildId={guildId} raidId={raid.id} />
                </section>
              )}
              {!raid.cancelledAt && (
                <section className="raid-page__section" aria-labelledby="raid-attendance-title">
                  <h2 id="raid-attendance-title">Attendance</h2>
                  <RaidAttendance guildId={guildId} raid={raid} />
                </section>
              )}
              <section className="raid-page__section" aria-labelledby="raid-history-title">
                <h2 id="raid-history-title">History</h2>
                <RaidHistory history={raid.history} />
              </section>
              {dialog === 'answer' && <SignupModal guildId={guildId} raid={raid} onClose={() => setDialog(null)} />}
              {dialog === 'edit' && (
                <EditRaidModal guildId={guildId} raid={raid} guildTimeZone={timeZone} onClose={() => setDialog(null)} />
              )}
              {dialog === 'cancel' && <CancelRaidModal guildId={guildId} raid={raid} onClose={() => setDialog(null)} />}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
