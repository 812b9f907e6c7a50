/** A form's refusal that belongs to no one field, above the fields. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="alert alert--error" role="alert">
      {message}
    </p>
  );
}
