/** The manager's red banner: one of the spec's texts with its reason. */
export function ErrorBanner({ text }: { text: string }) {
  return (
    <p className="alert alert--error" role="alert" data-testid="database-error">
      {text}
    </p>
  );
}
