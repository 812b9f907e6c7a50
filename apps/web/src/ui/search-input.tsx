import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

/** Typing settles for this long before a search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchInputProps {
  /** The search in effect (from the URL); the box follows it when it changes elsewhere. */
  value: string;
  /** Called with the trimmed text once typing settles, and at once on Clear. */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  testId?: string;
  /** Marks the box for the Modal to focus when it opens (a search that is the dialog's first question). */
  autoFocus?: boolean;
  /** How long typing settles before the search runs; SEARCH_DEBOUNCE_MS by default. */
  debounceMs?: number;
  /** The longest text the server takes for this search. */
  maxLength?: number;
}

/** A search box with a hidden label, a clear button and debounced searching. */
export function SearchInput({
  value,
  onSearch,
  label,
  placeholder,
  testId,
  autoFocus,
  debounceMs = SEARCH_DEBOUNCE_MS,
  maxLength,
}: SearchInputProps) {
  const id = useId();
  const [text, setText] = useState(value);
  // The last search this box ran: its echo back through `value` is not a change from elsewhere, and must not
  // overwrite what was typed while it travelled (typing "C" as the search for "B" lands put "B" back in the box).
  const sent = useRef(value);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = window.setTimeout(() => {
      sent.current = text.trim();
      onSearch(text.trim());
    }, debounceMs);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch, debounceMs]);

  return (
    <div className="search-input">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Search className="search-input__icon" size={16} aria-hidden="true" />
      <input
        id={id}
        className="input"
        type="search"
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
        data-testid={testId}
        data-autofocus={autoFocus || undefined}
        autoComplete="off"
      />
      {text && (
        <button
          type="button"
          className="icon-button search-input__clear"
          aria-label="Clear search"
          onClick={() => {
            setText('');
            sent.current = '';
            onSearch('');
          }}
        >
          <X size={14} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
