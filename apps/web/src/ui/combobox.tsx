import { ChevronsUpDown, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from './search-input';
import { useDebouncedValue } from './use-debounced-value';
import '../styles/combobox.css';

/** What a combobox's options hook answers for a search. */
export interface ComboboxAnswer {
  options: readonly ComboboxOption[];
  isLoading: boolean;
  /** A line under the options: the service's refusal, or how many more a narrower search would show. */
  note?: string;
}

/** One choice of the list. */
export interface ComboboxOption {
  id: string;
  label: string;
  /** A second line: where the guild plays, the user's e-mail. */
  detail?: ReactNode;
}

export interface ComboboxProps {
  label: string;
  /** What the empty box says while closed. */
  placeholder: string;
  /** What the box says while open and empty (defaults to `placeholder`). */
  searchPlaceholder?: string;
  /** What the closed box shows: the chosen option's label, or '' for none. */
  selectedText: string;
  selectedId: string | null;
  /**
   * The options for a search, called with the settled text ('' while closed): a query hook, so the server
   * searches. Called at every render, in the same order, like any hook.
   */
  useOptions: (search: string, isOpen: boolean) => ComboboxAnswer;
  /** Shown when a search finds nothing. */
  emptyText: string;
  onSelect: (option: ComboboxOption) => void;
  /** When given, a clear button shows while something is chosen. */
  onClear?: () => void;
  clearLabel?: string;
  error?: string;
  /** The wrapper's test id; `inputTestId` names the input itself. */
  testId?: string;
  inputTestId?: string;
  /** 'toolbar': a small uppercase label above a bold value, as a screen's top bar shows its guild. */
  variant?: 'field' | 'toolbar';
}

/**
 * The console's one searchable picker (WAI-ARIA combobox with a listbox popup): typing searches once it settles,
 * ArrowUp/ArrowDown/Home/End move, Enter chooses, Escape closes and puts back the chosen text.
 */
export function Combobox(props: ComboboxProps) {
  const { label, selectedId, error, variant = 'field' } = props;
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const isOpen = text !== null;
  const search = useDebouncedValue(text ?? '', SEARCH_DEBOUNCE_MS).trim();
  const { options, isLoading, note } = props.useOptions(isOpen ? search : '', isOpen);
  const shown = isOpen ? options : [];
  // The list may shrink under the highlight as a search settles.
  const active = Math.min(activeIndex, Math.max(0, shown.length - 1));
  const optionId = (index: number) => `${id}-option-${index}`;

  function open() {
    if (isOpen) return;
    setText('');
    setActiveIndex(0);
  }

  function choose(option: ComboboxOption | undefined) {
    if (!option) return;
    setText(null);
    props.onSelect(option);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const moves: Record<string, number> = {
      ArrowDown: Math.min(shown.length - 1, active + 1),
      ArrowUp: Math.max(0, active - 1),
      ...(isOpen && { Home: 0, End: shown.length - 1 }),
    };
    if (event.key in moves) {
      event.preventDefault();
      open();
      setActiveIndex(Math.max(0, moves[event.key] ?? 0));
    } else if (event.key === 'Enter' && isOpen) {
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setText(null);
    }
  }

  const classes = ['combobox', variant === 'toolbar' && 'combobox--toolbar', error && 'field--invalid'];
  return (
    <div className={classes.filter(Boolean).join(' ')} data-testid={props.testId}>
      <label htmlFor={id} className={variant === 'toolbar' ? 'combobox__label' : 'field__label'}>
        {label}
      </label>
      <div className="combobox__control">
        <input
          id={id}
          className="input combobox__input"
          role="combobox"
          aria-expanded={isOpen}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-activedescendant={isOpen && shown.length > 0 ? optionId(active) : undefined}
          placeholder={isOpen ? (props.searchPlaceholder ?? props.placeholder) : props.placeholder}
          value={text ?? props.selectedText}
          onFocus={open}
          onClick={open}
          onBlur={() => setText(null)}
          onChange={(event) => {
            setText(event.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={handleKeyDown}
          autoComplete="off"
          data-testid={props.inputTestId}
        />
        {props.onClear && selectedId && !isOpen ? (
          <button
            type="button"
            className="icon-button combobox__clear"
            aria-label={props.clearLabel ?? 'Clear'}
            onClick={props.onClear}
          >
            <X size={14} aria-hidden="true" />
          </button>
        ) : (
          <ChevronsUpDown className="combobox__icon" size={16} aria-hidden="true" />
        )}
      </div>
      <div className="combobox__list" hidden={!isOpen}>
        <div id={`${id}-list`} role="listbox" aria-label={label}>
          {shown.map((option, index) => (
            <div
              key={option.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={option.id === selectedId}
              className={`combobox__option${index === active ? ' combobox__option--active' : ''}`}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              onMouseEnter={() => setActiveIndex(index)}
            >
              <span className="combobox__name">{option.label}</span>
              {option.detail && <span className="combobox__detail">{option.detail}</span>}
            </div>
          ))}
        </div>
        {!isLoading && shown.length === 0 && <p className="combobox__empty">{props.emptyText}</p>}
        {isLoading && shown.length === 0 && <p className="combobox__empty">Searching...</p>}
        {note && <p className="combobox__empty">{note}</p>}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
