import type { InputHTMLAttributes, ReactNode } from 'react';

interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'className'> {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The words beside the switch, which name it. */
  children: ReactNode;
  /** More classes on the label. */
  className?: string;
  testId?: string;
}

/** An on/off checkbox drawn as a switch, named by the words beside it. */
export function Switch({ checked, onChange, children, className, testId, ...input }: SwitchProps) {
  return (
    <label className={['switch', className].filter(Boolean).join(' ')}>
      <input
        {...input}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
      <span className="switch__track" aria-hidden="true" />
      {children}
    </label>
  );
}
