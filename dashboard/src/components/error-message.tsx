/** An error from the API, announced to screen readers. */
export function ErrorMessage({ error }: { error: Error | undefined }) {
  if (!error) return null;
  return (
    <p role="alert" className="error">
      {error.message}
    </p>
  );
}
