/** The cache manager's red banner: one of the spec's texts ('Failed to load keys: …') with its reason. */
export function RedisBanner({ text }: { text: string }) {
  return (
    <p className="alert alert--error" role="alert" data-testid="redis-error">
      {text}
    </p>
  );
}
