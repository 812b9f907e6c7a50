import { TWO_FACTOR_ACCOUNT_MESSAGES } from '@guildhall/contract';
import { Check, Copy, Download } from 'lucide-react';
import { saveBlob } from '../../ui/save-blob';
import { useToast } from '../../ui/toast-context';

interface RecoveryCodesProps {
  codes: readonly string[];
  username: string;
  /** What the server said: turned on, or new codes made. */
  message: string;
  onDone: () => void;
}

/** The text file of the codes, as downloaded and copied. */
export function recoveryCodesText(codes: readonly string[], username: string): string {
  return [
    `Guildhall recovery codes for ${username}`,
    'Each code signs in once, in place of the authenticator code or passkey.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The recovery codes, shown this once, to copy or download before going on. */
export function RecoveryCodes({ codes, username, message, onDone }: RecoveryCodesProps) {
  const toast = useToast();
  const text = recoveryCodesText(codes, username);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Recovery codes copied');
    } catch {
      toast.error('The browser did not allow copying; download the codes or write them down');
    }
  }

  return (
    <div className="recovery-codes" data-testid="recovery-codes">
      <p className="alert alert--warning" role="status">
        {message}
      </p>
      <ol className="recovery-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form__actions recovery-codes__actions">
        <button type="button" className="button button--secondary" onClick={handleCopy}>
          <Copy size={16} aria-hidden="true" />
          Copy
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'guildhall-recovery-codes.txt')}
        >
          <Download size={16} aria-hidden="true" />
          Download
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          <Check size={16} aria-hidden="true" />
          {TWO_FACTOR_ACCOUNT_MESSAGES.recoveryCodesSaved}
        </button>
      </div>
    </div>
  );
}
