// A labelled checkbox: the browser's own, uncontrolled input drawn in the theme's colours, with an
// optional description and message under its label.
import type { InputHTMLAttributes, ReactNode } from "react";
import { useElementId } from "~/components/ui/id";

const checkPath =
  "M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z";

export function Checkbox({
  id,
  label,
  description,
  error,
  disabled,
  value,
  ...inputProps
}: {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const inputId = useElementId(id);
  const describedBy = [error ? `${inputId}-error` : "", description ? `${inputId}-description` : ""].join(" ").trim();
  return (
    <div className="ui-choice">
      <div className="ui-choice-control">
        <input
          className="ui-choice-input"
          id={inputId}
          type="checkbox"
          disabled={disabled}
          // Only when given: a checked box without a value posts the browser's "on".
          {...(value === undefined ? null : { value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...inputProps}
        />
        <svg
          viewBox="0 0 10 7"
          fill="none"
          xmlns="http://www.w3.org/2000/svg"
          aria-hidden="true"
          className="ui-choice-icon"
        >
          <path d={checkPath} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
        </svg>
      </div>
      <div className="ui-choice-text" data-disabled={disabled || undefined}>
        <label htmlFor={inputId}>{label}</label>
        {description ? (
          <p className="ui-field-description" id={`${inputId}-description`}>
            {description}
          </p>
        ) : null}
        {error ? (
          <p className="ui-field-error" id={`${inputId}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
