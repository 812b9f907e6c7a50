import { type SampleType, TRAINING_DATA_MESSAGES } from '@guildhall/contract';
import { useState } from 'react';
import { useBulkSampleAction, useSampleList, useVerifySample } from '../../api/training-data';
import { ConfirmModal } from '../../ui/confirm-modal';
import { Pagination } from '../../ui/pagination';
import { QueryState } from '../../ui/query-state';
import { LabelFormModal } from './label-form-modal';
import type { TypedSample } from './sample-details';
import { SampleFilters } from './sample-filters';
import { SampleRow } from './sample-row';
import { listQueryOf, type SampleListState } from './training-data-query';

interface SampleListTabProps {
  type: SampleType;
  state: SampleListState;
  onChange: (next: Partial<SampleListState>) => void;
}

/** Memory or intent samples: filters, ten a page, expandable rows, verify, correct, and bulk verify or delete. */
export function SampleListTab({ type, state, onChange }: SampleListTabProps) {
  const list = useSampleList(type, listQueryOf(type, state));
  const verify = useVerifySample();
  const bulk = useBulkSampleAction();
  const [openId, setOpenId] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [labelling, setLabelling] = useState<TypedSample | null>(null);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const items = (list.data?.samples ?? []).map((sample) => ({ type, sample }) as TypedSample);
  const pageIds = items.map((item) => item.sample.id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id));

  function handleChange(next: Partial<SampleListState>) {
    setSelected(new Set());
    setOpenId(null);
    onChange(next);
  }

  function handleSelect(id: string, isSelected: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (isSelected) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function handleBulk(action: 'verify' | 'delete') {
    bulk.mutate(
      { action, type, sampleIds: selectedOnPage },
      {
        onSuccess: () => {
          setSelected(new Set());
          setIsConfirmingDelete(false);
        },
      },
    );
  }

  return (
    <div className="td-stack">
      <SampleFilters type={type} state={state} onChange={handleChange} />
      <div className={`td-bulk${selectedOnPage.length ? ' td-bulk--active' : ''}`} data-testid="bulk-bar">
        <label className="td-check">
          <input
            type="checkbox"
            checked={pageIds.length > 0 && selectedOnPage.length === pageIds.length}
            onChange={(event) => setSelected(new Set(event.target.checked ? pageIds : []))}
            disabled={pageIds.length === 0}
          />
          Select page
        </label>
        <span className="td-bulk__count">{selectedOnPage.length} selected</span>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={selectedOnPage.length === 0 || bulk.isPending}
          onClick={() => handleBulk('verify')}
        >
          Verify selected
        </button>
        <button
          type="button"
          className="button button--danger-outline button--small"
          disabled={selectedOnPage.length === 0 || bulk.isPending}
          onClick={() => setIsConfirmingDelete(true)}
        >
          Delete selected
        </button>
      </div>
      <QueryState
        query={list}
        loading="Loading samples..."
        errorTitle={TRAINING_DATA_MESSAGES.samplesFailed(type)}
        errorText={TRAINING_DATA_MESSAGES.samplesFailed(type)}
        isEmpty={() => items.length === 0}
        empty="No samples match these filters."
        testId="samples"
      >
        {() => (
          <ul className="td-list" aria-label={`${type === 'memory' ? 'Memory' : 'Intent'} samples`} aria-busy={list.isFetching}>
            {items.map((item) => (
              <SampleRow
                key={item.sample.id}
                item={item}
                isOpen={openId === item.sample.id}
                isSelected={selected.has(item.sample.id)}
                isVerifying={verify.isPending && verify.variables?.id === item.sample.id}
                onToggle={() => setOpenId(openId === item.sample.id ? null : item.sample.id)}
                onSelect={(isSelected) => handleSelect(item.sample.id, isSelected)}
                onVerify={() => verify.mutate({ type, id: item.sample.id })}
                onCorrect={() => setLabelling(item)}
              />
            ))}
          </ul>
        )}
      </QueryState>
      <Pagination
        page={state.page}
        pageSize={state.limit}
        onPageSizeChange={(limit) => handleChange({ limit })}
        total={list.data?.pagination.total ?? 0}
        onPageChange={(page) => handleChange({ page })}
        noun="samples"
      />
      <LabelFormModal item={labelling} onClose={() => setLabelling(null)} />
      <ConfirmModal
        isOpen={isConfirmingDelete}
        title="Delete samples"
        confirmLabel={`Delete ${selectedOnPage.length} ${selectedOnPage.length === 1 ? 'sample' : 'samples'}`}
        busyLabel="Deleting..."
        isBusy={bulk.isPending}
        isDanger
        onConfirm={() => handleBulk('delete')}
        onClose={() => setIsConfirmingDelete(false)}
        testId="delete-samples"
      >
        <p>
          The selected {type} samples are removed for good, with their corrected labels and feedback. They will not be part of any
          later export.
        </p>
      </ConfirmModal>
    </div>
  );
}
