/** The manager's red banner: one of the spec's texts with its reason, or the server's own message. */
export function InfluxBanner({ text }: { text: string }) {
  return (
    <p className="alert alert--error" role="alert" data-testid="influx-error">
      {text}
    </p>
  );
}
