import { AI_TURN_MESSAGES, type AiTurnDetail } from '@guildhall/contract';
import { Link } from 'react-router';
import { useAiTurn } from '../../api/ai-turns';
import { ApiError } from '../../api/api-error';
import { Badge } from '../../ui/badge';
import { formatDateTime } from '../../ui/format-date';
import { Modal } from '../../ui/modal';
import { QueryState } from '../../ui/query-state';
import { sampleHref } from './agent-logs-query';
import { ToolCallTimeline } from './tool-call-timeline';
import { TurnOutcomeBadge } from './turn-outcome-badge';

interface TurnDetailProps {
  id: string | null;
  onClose: () => void;
}

function TurnBody({ turn }: { turn: AiTurnDetail }) {
  return (
    <div className="turn-detail" data-testid="turn-detail">
      <dl className="turn-detail__facts">
        <div>
          <dt>Outcome</dt>
          <dd>
            <TurnOutcomeBadge outcome={turn.outcome} />
          </dd>
        </div>
        <div>
          <dt>Intent</dt>
          <dd data-testid="turn-intent">
            {turn.shouldRespond ? 'Respond' : 'Stay quiet'} ({(turn.intentConfidence * 100).toFixed(1)}% confident)
          </dd>
        </div>
        <div>
          <dt>Model</dt>
          <dd>
            {turn.provider} / {turn.model}
            {turn.temperature !== null && <span className="muted"> · temperature {turn.temperature}</span>}
          </dd>
        </div>
        <div>
          <dt>Latency</dt>
          <dd>{turn.latencyMs} ms</dd>
        </div>
        <div>
          <dt>Tokens</dt>
          <dd>
            {turn.promptTokens} prompt + {turn.completionTokens} completion
          </dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>
            {turn.guildName ?? turn.discordGuildId} <span className="muted">#{turn.channelId}</span>
          </dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>
            <time dateTime={turn.timestamp}>{formatDateTime(turn.timestamp)}</time>
          </dd>
        </div>
      </dl>

      <section aria-labelledby="turn-conversation">
        <h3 id="turn-conversation" className="turn-detail__heading">
          Conversation
        </h3>
        <ol className="turn-chat">
          {turn.conversation.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the conversation is fixed and in order
            <li key={index} className="turn-chat__line">
              <span className="turn-chat__user">{entry.username}</span> {entry.content}
            </li>
          ))}
          <li className="turn-chat__line turn-chat__line--trigger" data-testid="turn-trigger">
            <span className="turn-chat__user">{turn.username ?? turn.discordUserId}</span> {turn.triggerMessage}
          </li>
          {turn.reply && (
            <li className="turn-chat__line turn-chat__line--reply" data-testid="turn-reply">
              <span className="turn-chat__user">Bot</span> {turn.reply}
            </li>
          )}
        </ol>
        {turn.error && (
          <p className="turn-detail__error" role="note" data-testid="turn-error">
            Error: {turn.error}
          </p>
        )}
      </section>

      <section aria-labelledby="turn-tools">
        <h3 id="turn-tools" className="turn-detail__heading">
          Tool calls
        </h3>
        <ToolCallTimeline calls={turn.toolCalls} startedAt={turn.timestamp} latencyMs={turn.latencyMs} />
      </section>

      <section aria-labelledby="turn-samples">
        <h3 id="turn-samples" className="turn-detail__heading">
          Training samples
        </h3>
        {turn.samples.length === 0 ? (
          <p className="muted">This turn left no training sample.</p>
        ) : (
          <ul className="turn-samples">
            {turn.samples.map((sample) => (
              <li key={sample.id}>
                <Link to={sampleHref(sample.type, sample.id)} data-testid={`turn-sample-${sample.type}`}>
                  {sample.type === 'memory' ? 'Memory sample' : 'Intent sample'}
                </Link>{' '}
                <Badge tone={sample.humanVerified ? 'good' : 'neutral'}>{sample.humanVerified ? 'verified' : 'unverified'}</Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** One turn in a dialog, opened by `?turn=<id>` so it can be linked. */
export function TurnDetail({ id, onClose }: TurnDetailProps) {
  const turn = useAiTurn(id);
  return (
    <Modal isOpen={id !== null} title="Agent turn" onClose={onClose} size="lg">
      <QueryState
        query={turn}
        loading="Loading the turn..."
        errorText={AI_TURN_MESSAGES.turnNotFound}
        canRetry={(error) => !(error instanceof ApiError && error.status === 404)}
        testId="turn-detail"
      >
        {(answer) => <TurnBody turn={answer} />}
      </QueryState>
    </Modal>
  );
}
