// A labelled input with an optional hint, as every account form uses it.
import { useId, type InputHTMLAttributes } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
}

export function Field({ label, hint, ...input }: Props) {
  const id = useId();
  return (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={hint === undefined ? undefined : `${id}-hint`} {...input} />
      {hint !== undefined && (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      )}
    </p>
  );
}
