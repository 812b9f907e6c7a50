import { DATABASE_MANAGER_MESSAGES } from '@guildhall/contract';

const EXPORT_PREFIX = DATABASE_MANAGER_MESSAGES.exportFailed('');

/** 'Failed to export data: {reason}', unless the server's message says so already (a failure mid-stream). */
export const exportFailedText = (reason: string) =>
  reason.startsWith(EXPORT_PREFIX) ? reason : DATABASE_MANAGER_MESSAGES.exportFailed(reason);

/** The manager's red banner: one of the spec's texts with its reason. */
export function ErrorBanner({ text }: { text: string }) {
  return (
    <p className="alert alert--error" role="alert" data-testid="database-error">
      {text}
    </p>
  );
}
