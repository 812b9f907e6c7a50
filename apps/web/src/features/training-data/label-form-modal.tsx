import { type FormEvent, useEffect, useId, useState } from 'react';
import { type LabelBody, useSaveLabel } from '../../api/training-data';
import { Modal } from '../../ui/modal';
import { initialLabelValues, type LabelFormValues, labelCorrectionsOf } from './label-values';
import { LabelComparison, sampleMessage, type TypedSample } from './sample-details';

interface LabelFormModalProps {
  item: TypedSample | null;
  onClose: () => void;
  /** Called with the sample as saved. */
  onSaved?: (item: TypedSample) => void;
}

/** 'Correct label': a reviewer's label for a sample, kept beside the bot's original (PUT …/label). */
export function LabelFormModal({ item, onClose, onSaved }: LabelFormModalProps) {
  const id = useId();
  const save = useSaveLabel();
  const [values, setValues] = useState<LabelFormValues | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<TypedSample | null>(null);

  useEffect(() => {
    setValues(item ? initialLabelValues(item.sample) : null);
    setError(null);
    setSaved(null);
  }, [item]);

  function set<K extends keyof LabelFormValues>(key: K, value: LabelFormValues[K]) {
    setValues((current) => (current ? { ...current, [key]: value } : current));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!item || !values) return;
    const result = labelCorrectionsOf(item.sample, values);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError(null);
    // labelCorrectionsOf builds the corrections of the sample's own type.
    const body = { type: item.type, corrections: result.corrections } as LabelBody;
    save.mutate(
      { id: item.sample.id, body },
      {
        onSuccess: (response) => {
          setSaved(response.data as TypedSample);
          onSaved?.(response.data as TypedSample);
        },
      },
    );
  }

  return (
    <Modal
      isOpen={item !== null}
      title="Correct label"
      size="lg"
      onClose={onClose}
      footer={
        saved ? (
          <button type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        ) : (
          <>
            <button type="button" className="button button--secondary" onClick={onClose} disabled={save.isPending}>
              Cancel
            </button>
            <button type="submit" form={`${id}-form`} className="button button--primary" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save label'}
            </button>
          </>
        )
      }
    >
      {item && values && (
        <div className="td-label" data-testid="label-form">
          <p className="td-label__message">{sampleMessage(item)}</p>
          {saved ? (
            <LabelComparison item={saved} />
          ) : (
            <form id={`${id}-form`} className="td-label__form" onSubmit={handleSubmit} noValidate>
              {item.type === 'intent' && (
                <>
                  <label className="td-check">
                    <input
                      type="checkbox"
                      checked={values.shouldRespond}
                      onChange={(event) => set('shouldRespond', event.target.checked)}
                      data-autofocus
                    />
                    Should respond (the bot's decision: {item.sample.shouldRespond ? 'respond' : 'ignore'})
                  </label>
                  <label className="field">
                    <span className="field__label">Vibe</span>
                    <input
                      className="input"
                      value={values.vibe}
                      maxLength={100}
                      onChange={(event) => set('vibe', event.target.value)}
                    />
                  </label>
                </>
              )}
              {item.type === 'memory' && (
                <label className="field">
                  <span className="field__label">Gems</span>
                  <textarea
                    className="input td-label__gems"
                    rows={5}
                    value={values.gems}
                    onChange={(event) => set('gems', event.target.value)}
                    aria-describedby={`${id}-gems-hint`}
                    data-autofocus
                  />
                  <span id={`${id}-gems-hint`} className="field__hint">
                    One gem per line: the fact, then | and its concepts separated by commas.
                  </span>
                </label>
              )}
              <label className="field">
                <span className="field__label">Quality</span>
                <input
                  className="input"
                  type="number"
                  min={0}
                  max={1}
                  step={0.1}
                  value={values.quality}
                  onChange={(event) => set('quality', event.target.value)}
                />
              </label>
              <label className="field">
                <span className="field__label">Note</span>
                <textarea
                  className="input"
                  rows={3}
                  maxLength={2000}
                  value={values.note}
                  onChange={(event) => set('note', event.target.value)}
                />
              </label>
              {error && (
                <p className="field__error" role="alert">
                  {error}
                </p>
              )}
            </form>
          )}
        </div>
      )}
    </Modal>
  );
}
