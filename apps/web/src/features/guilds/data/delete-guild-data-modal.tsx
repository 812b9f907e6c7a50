import { GUILD_DATA_KIND_LABELS, GUILD_DATA_KINDS, GUILD_MESSAGES, type GuildDataSummary } from '@guildhall/contract';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { type DeleteGuildDataResult, useDeleteGuildDataMutation } from '../../../api/guild-data';
import { FormField } from '../../../ui/form-field';
import { FormModal } from '../../../ui/form-modal';
import { formatCount } from '../../../ui/format';
import { useToast } from '../../../ui/toast-context';

interface DeleteGuildDataModalProps {
  guild: { id: string; guild_name: string };
  counts: GuildDataSummary['counts'];
  onClose: () => void;
}

/** What the confirmation says will go: '3 characters, 4 loot entries, … and 1 loot council items'. */
function doomedText(counts: GuildDataSummary['counts']): string {
  const parts = [
    `${formatCount(counts.characters)} characters`,
    `${formatCount(counts.loot_entries)} loot entries`,
    `${formatCount(counts.raid_events)} raid events`,
    `${formatCount(counts.discord_users)} Discord members`,
    `${formatCount(counts.loot_ledger_entries)} ledger entries`,
    `${formatCount(counts.loot_wishlist_items)} wishlist lines`,
    `${formatCount(counts.loot_council_items)} loot council items`,
  ];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function RemovedList({ removed }: { removed: DeleteGuildDataResult['removed'] }) {
  return (
    <div className="delete-result" data-testid="guild-data-removed">
      <p className="delete-result__title">
        <CircleCheck size={18} aria-hidden="true" className="tone-good" />
        {GUILD_MESSAGES.dataDeleted}
      </p>
      <dl className="facts">
        {GUILD_DATA_KINDS.map((kind) => (
          <div key={kind} data-kind={kind}>
            <dt>{GUILD_DATA_KIND_LABELS[kind]}</dt>
            <dd>{formatCount(removed[kind] ?? 0)} removed</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Deletes a guild's data once its name is typed; then shows how many rows of each kind went. */
export function DeleteGuildDataModal({ guild, counts, onClose }: DeleteGuildDataModalProps) {
  const toast = useToast();
  const mutation = useDeleteGuildDataMutation(guild.id);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (typed !== guild.guild_name) {
      setError(GUILD_MESSAGES.confirmationMismatch);
      toast.error(GUILD_MESSAGES.confirmationMismatch);
      return;
    }
    mutation.mutate(typed, { onError: (failure) => setError(errorMessage(failure, GUILD_MESSAGES.confirmationMismatch)) });
  }

  const result = mutation.data;
  return (
    <FormModal
      title="Delete Guild Data"
      onClose={onClose}
      onSubmit={handleSubmit}
      submitLabel="Delete Guild Data"
      busyLabel="Deleting..."
      isBusy={mutation.isPending}
      isDanger
      testId="delete-guild-data-form"
      result={result && <RemovedList removed={result.removed} />}
    >
      <div className="alert alert--error">
        <TriangleAlert size={18} aria-hidden="true" />
        <p data-testid="guild-data-doomed">
          This permanently deletes {doomedText(counts)} of <strong>{guild.guild_name}</strong>. The guild itself and its loot
          settings stay. This action cannot be undone.
        </p>
      </div>
      <FormField
        label="Type the guild name to confirm"
        error={error}
        hint={
          <>
            Type <strong className="confirm-name">{guild.guild_name}</strong> exactly.
          </>
        }
      >
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
    </FormModal>
  );
}
