import { type LucideIcon, Monitor, Moon, Sun } from 'lucide-react';
import type { ThemeChoice } from '../ui/theme';
import { setThemeChoice, useThemeChoice } from '../ui/use-theme';

const OPTIONS: readonly { choice: ThemeChoice; label: string; Icon: LucideIcon }[] = [
  { choice: 'system', label: 'System', Icon: Monitor },
  { choice: 'light', label: 'Light', Icon: Sun },
  { choice: 'dark', label: 'Dark', Icon: Moon },
];

/** The theme in the account menu: follow the system, or always light or dark; remembered in this browser. */
export function ThemeChoiceGroup() {
  const current = useThemeChoice();

  return (
    <fieldset className="theme-choice">
      <legend className="theme-choice__label">Theme</legend>
      <div className="theme-choice__options">
        {OPTIONS.map(({ choice, label, Icon }) => (
          <button
            key={choice}
            type="button"
            role="menuitemradio"
            aria-checked={current === choice}
            className="theme-choice__option"
            onClick={() => setThemeChoice(choice)}
            data-testid={`theme-${choice}`}
          >
            <Icon size={15} aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
