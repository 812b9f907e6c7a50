import type { CatalogPermission } from './role-matrix-model';

interface PermissionChecklistProps {
  legend: string;
  options: readonly CatalogPermission[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  error?: string;
  isDisabled?: boolean;
  testId?: string;
}

/** A fieldset of permission checkboxes, each with its name and what it allows; the selection keeps the options' order. */
export function PermissionChecklist({
  legend,
  options,
  selected,
  onChange,
  error,
  isDisabled,
  testId,
}: PermissionChecklistProps) {
  function handleToggle(name: string) {
    const next = selected.includes(name) ? selected.filter((n) => n !== name) : [...selected, name];
    onChange(options.map((option) => option.name).filter((n) => next.includes(n)));
  }

  return (
    <fieldset className={`permission-checklist${error ? ' permission-checklist--invalid' : ''}`} data-testid={testId}>
      <legend className="field__label">{legend}</legend>
      <div className="permission-checklist__options">
        {options.map((option) => (
          <label key={option.name} className="permission-checklist__option">
            <input
              type="checkbox"
              checked={selected.includes(option.name)}
              onChange={() => handleToggle(option.name)}
              disabled={isDisabled}
            />
            <span className="permission-checklist__text">
              <code>{option.name}</code>
              <span className="muted">{option.description}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
