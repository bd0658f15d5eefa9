// An on/off switch in valid HTML: a checkbox with role="switch" inside its label, the track drawn
// in CSS, the description tied to the input. (Mantine's Switch puts a <div> inside its <label> and
// names the input twice, which html-validate refuses.)
import type { InputHTMLAttributes, ReactNode } from "react";
import { useElementId } from "~/components/ui/id";
import { Text } from "~/components/ui/text";

export function Switch({
  label,
  description,
  id,
  ...inputProps
}: { label: string; description?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "role">) {
  const inputId = useElementId(id);
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <div>
      <label className="ui-switch-label" data-disabled={inputProps.disabled || undefined}>
        <input
          {...inputProps}
          id={inputId}
          type="checkbox"
          role="switch"
          className="ui-switch-input"
          aria-describedby={descriptionId}
        />
        <span className="ui-switch-track" aria-hidden="true">
          <span className="ui-switch-thumb" />
        </span>
        <span>{label}</span>
      </label>
      {description ? (
        <Text id={descriptionId} size="xs" dimmed className="ui-switch-description">
          {description}
        </Text>
      ) : null}
    </div>
  );
}
