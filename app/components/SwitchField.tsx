// An on/off switch in valid HTML. Mantine's Switch puts a <div> inside its <label> and names the
// input twice (a wrapping label that also has for=), which html-validate refuses. This is the
// same control as plain markup: a checkbox with role="switch" inside its label, the track drawn
// in CSS (app.css), the description tied to the input.
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { useId, type InputHTMLAttributes, type ReactNode } from "react";

export function SwitchField({
  label,
  description,
  id,
  ...inputProps
}: { label: string; description?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "role">) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <div className="switch-field">
      <label className="switch-field-label" data-disabled={inputProps.disabled || undefined}>
        <input
          {...inputProps}
          id={inputId}
          type="checkbox"
          role="switch"
          className="switch-field-input"
          aria-describedby={descriptionId}
        />
        <span className="switch-field-track" aria-hidden="true">
          <span className="switch-field-thumb" />
        </span>
        <span>{label}</span>
      </label>
      {description ? (
        <Text id={descriptionId} size="xs" c="dimmed" className="switch-field-description">
          {description}
        </Text>
      ) : null}
    </div>
  );
}
