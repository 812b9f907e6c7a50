import { ChevronsUpDown, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../ui/search-input';
import { useDebouncedValue } from '../../ui/use-debounced-value';

/** What a picker's options hook answers. */
export interface ComboboxAnswer {
  options: readonly ComboboxOption[];
  isLoading: boolean;
  /** A line under the options, e.g. how many more a narrower search would show. */
  note?: string;
}

/** One choice of the list. */
export interface ComboboxOption {
  id: string;
  label: string;
  detail?: ReactNode;
}

interface SearchComboboxProps {
  label: string;
  placeholder: string;
  /** What the closed box shows: the chosen option's label, or '' for none. */
  selectedText: string;
  selectedId: string | null;
  /** The options for a search, called with the settled text ('' while closed), and a note under them. */
  useOptions: (search: string) => ComboboxAnswer;
  /** Shown when a search finds nothing. */
  emptyText: string;
  onSelect: (id: string, label: string) => void;
  /** When given, a clear button shows while something is chosen. */
  onClear?: () => void;
  clearLabel?: string;
  error?: string;
  testId: string;
}

/**
 * A searchable picker (WAI-ARIA combobox): typing searches once it settles, arrows and Enter choose, Escape closes.
 * The options come from a query hook, so the server does the searching.
 */
export function SearchCombobox({
  label,
  placeholder,
  selectedText,
  selectedId,
  useOptions,
  emptyText,
  onSelect,
  onClear,
  clearLabel,
  error,
  testId,
}: SearchComboboxProps) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const isOpen = text !== null;
  const search = useDebouncedValue(text ?? '', SEARCH_DEBOUNCE_MS).trim();
  const { options, isLoading, note } = useOptions(isOpen ? search : '');
  const shown = isOpen ? options : [];
  // The list may shrink under the highlight as a search settles.
  const active = Math.min(activeIndex, Math.max(0, shown.length - 1));
  const optionId = (index: number) => `${id}-option-${index}`;

  function choose(option: ComboboxOption | undefined) {
    if (!option) return;
    setText(null);
    onSelect(option.id, option.label);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const moves: Record<string, number> = {
      ArrowDown: Math.min(shown.length - 1, active + 1),
      ArrowUp: Math.max(0, active - 1),
    };
    if (event.key in moves) {
      event.preventDefault();
      if (!isOpen) setText('');
      setActiveIndex(Math.max(0, moves[event.key] ?? 0));
    } else if (event.key === 'Enter' && isOpen) {
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setText(null);
    }
  }

  return (
    <div className={`combobox${error ? ' field--invalid' : ''}`} data-testid={testId}>
      <label htmlFor={id} className="field__label">
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
          placeholder={placeholder}
          value={text ?? selectedText}
          onFocus={() => {
            setText((current) => current ?? '');
            setActiveIndex(0);
          }}
          onBlur={() => setText(null)}
          onChange={(event) => {
            setText(event.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={handleKeyDown}
          autoComplete="off"
        />
        {onClear && selectedId && !isOpen ? (
          <button type="button" className="icon-button combobox__clear" aria-label={clearLabel ?? 'Clear'} onClick={onClear}>
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
        {!isLoading && shown.length === 0 && <p className="combobox__empty">{emptyText}</p>}
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
