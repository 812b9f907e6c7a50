import { Check, Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { useToast } from './toast-context';

interface CopyFieldProps {
  value: string;
  /** Names the field for screen readers ("Invite link"). */
  label: string;
  /** The toasts of a copy that worked and of one the browser refused (then the text is selected to copy by hand). */
  copiedMessage: string;
  copyFailedMessage: string;
  testId?: string;
}

/** A read-only text with Copy beside it: a secret shown once (an invite link, a calendar feed address). */
export function CopyField({ value, label, copiedMessage, copyFailedMessage, testId }: CopyFieldProps) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
      toast.success(copiedMessage);
    } catch {
      input.current?.select();
      toast.error(copyFailedMessage);
    }
  }

  return (
    <div className="copy-field">
      <input
        ref={input}
        className="input copy-field__value"
        value={value}
        readOnly
        aria-label={label}
        onFocus={(event) => event.currentTarget.select()}
        data-testid={testId}
      />
      <button type="button" className="button button--secondary" onClick={() => void handleCopy()}>
        {isCopied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
        {isCopied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
