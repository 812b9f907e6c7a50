import {
  ambiguousLeftOut,
  applyHighConfidenceLabel,
  CONFIDENCE_BANDS,
  DISCOVERY_MESSAGES,
  findMatchesFailed,
} from '@guildhall/contract';
import { CircleAlert, SearchX, UserCheck } from 'lucide-react';
import { useEffect } from 'react';
import { errorMessage } from '../../api/api-error';
import { useAutoLinkMatches } from '../../api/character-discovery';
import { useApplyAutoLinksMutation } from '../../api/character-discovery-mutations';
import { Modal } from '../../ui/modal';
import { QueryState } from '../../ui/query-state';
import { useToast } from '../../ui/toast-context';
import { AutoLinkBand } from './auto-link-band';
import { AutoLinkSummary } from './auto-link-summary';

interface AutoLinkModalProps {
  guildId: string;
  isOpen: boolean;
  onClose: () => void;
}

/** 'Automatic Character Linking' (spec 1 §2): the matcher's proposals in three bands, and applying the high ones. */
export function AutoLinkModal({ guildId, isOpen, onClose }: AutoLinkModalProps) {
  const toast = useToast();
  const matches = useAutoLinkMatches(guildId, isOpen);
  const apply = useApplyAutoLinksMutation(guildId);
  const results = matches.data;
  const applicable = results?.summary.applicable ?? 0;
  const ambiguous = results?.summary.ambiguous ?? 0;

  useEffect(() => {
    if (matches.error) toast.error(findMatchesFailed(errorMessage(matches.error)));
  }, [matches.error, toast]);

  function handleClose() {
    apply.reset();
    onClose();
  }

  function handleApply() {
    apply.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.errors.length === 0) handleClose();
      },
    });
  }

  const footer = (
    <>
      {ambiguous > 0 && (
        <span className="auto-link__ambiguous-note" data-testid="auto-link-ambiguous">
          {ambiguousLeftOut(ambiguous)}
        </span>
      )}
      <button type="button" className="button button--secondary" onClick={handleClose}>
        Cancel
      </button>
      <button
        type="button"
        className="button button--primary"
        onClick={handleApply}
        disabled={!results || applicable === 0 || apply.isPending || matches.isFetching}
        data-testid="apply-high-confidence"
      >
        {apply.isPending ? 'Applying...' : applyHighConfidenceLabel(applicable)}
      </button>
    </>
  );

  return (
    <Modal isOpen={isOpen} title={DISCOVERY_MESSAGES.modalTitle} size="xl" onClose={handleClose} footer={footer}>
      <div className="auto-link" data-testid="auto-link-modal" aria-busy={matches.isFetching}>
        <QueryState
          query={matches}
          loading="Finding matches..."
          errorTitle={DISCOVERY_MESSAGES.loadResultsFailed}
          errorText={DISCOVERY_MESSAGES.loadResultsFailed}
          isEmpty={(found) => found.summary.totalMatches === 0}
          emptyIcon={results?.unlinkedCharacters === 0 ? UserCheck : SearchX}
          emptyTitle={results?.unlinkedCharacters === 0 ? DISCOVERY_MESSAGES.noUnlinkedCharacters : DISCOVERY_MESSAGES.noMatches}
          testId="auto-link"
        >
          {(found) => (
            <>
              <AutoLinkSummary summary={found.summary} />
              {apply.data && apply.data.errors.length > 0 && (
                <div className="alert alert--warning auto-link__errors" role="alert" data-testid="auto-link-errors">
                  <CircleAlert size={16} aria-hidden="true" />
                  <div>
                    <p>{apply.data.message}</p>
                    <ul>
                      {apply.data.errors.map((error) => (
                        <li key={`${error.discordUser.id}-${error.character.id}`}>
                          {error.character.name} → {error.discordUser.displayName}: {error.error}
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
              )}
              {CONFIDENCE_BANDS.map((band) => (
                <AutoLinkBand key={band} band={band} groups={found[band]} />
              ))}
            </>
          )}
        </QueryState>
      </div>
    </Modal>
  );
}
