import type { SettingDefinition } from '@guildhall/contract';
import type { FieldControlProps } from '../../ui/form-field';
import { Switch } from '../../ui/switch';
import type { Draft } from './config-form';
import '../../styles/setting-input.css';

/** The time zones the browser knows, the time zone setting's choices. */
const TIME_ZONES: readonly string[] = (() => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf ? ['UTC', ...intl.supportedValuesOf('timeZone')] : ['UTC'];
  } catch {
    return ['UTC'];
  }
})();

interface SettingInputProps {
  definition: SettingDefinition;
  draft: Draft;
  control: FieldControlProps;
  disabled?: boolean;
  onChange: (draft: Draft) => void;
  onBlur?: () => void;
  /** A secret: whether one is saved (the box stays empty either way). */
  secretSet?: boolean;
}

/** The input a setting's kind gets, generated from the catalog. */
export function SettingInput({ definition, draft, control, disabled, onChange, onBlur, secretSet }: SettingInputProps) {
  const text = typeof draft === 'string' ? draft : String(draft);
  const common = { ...control, disabled, onBlur, name: definition.key };
  switch (definition.kind) {
    case 'boolean':
      return (
        <Switch {...common} className="config-switch" checked={draft === true} onChange={onChange}>
          <span aria-hidden="true">{draft === true ? 'On' : 'Off'}</span>
        </Switch>
      );
    case 'choice':
      return (
        <select {...common} className="input" value={text} onChange={(event) => onChange(event.target.value)}>
          {(definition.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case 'longText':
      return (
        <textarea
          {...common}
          className="input config-textarea"
          rows={5}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'list':
      return (
        <textarea
          {...common}
          className="input config-textarea"
          rows={Math.min(8, Math.max(3, text.split('\n').length + 1))}
          value={text}
          placeholder="One entry per line"
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'integer':
    case 'number':
      return (
        <input
          {...common}
          type="number"
          inputMode={definition.kind === 'integer' ? 'numeric' : 'decimal'}
          min={definition.min}
          max={definition.max}
          step={definition.step ?? 1}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'timezone':
      // A list, as the guild form's time zone is (issue 29: free text here, a list there); a stored zone the
      // browser does not know stays choosable.
      return (
        <select {...common} className="input" value={text} onChange={(event) => onChange(event.target.value)}>
          {(TIME_ZONES.includes(text) ? TIME_ZONES : [text, ...TIME_ZONES]).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      );
    case 'secret':
      return (
        <input
          {...common}
          type="password"
          autoComplete="new-password"
          placeholder={secretSet ? 'Set: type to replace' : 'Not set'}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'url':
      return (
        <input
          {...common}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'channel':
      return (
        <input
          {...common}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Channel id"
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    default:
      return (
        <input
          {...common}
          type="text"
          autoComplete="off"
          // No maxLength: the browser would cut what is typed or pasted without a word (issue 29); the form
          // says "Must be at most N characters" under the field instead.
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
