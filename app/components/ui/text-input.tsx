// A labelled one-line text field (text, number, search, password…): the browser's own input.
import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";
import { describedControl, FieldFrame, type FieldFrameProps } from "~/components/ui/field";
import { useElementId } from "~/components/ui/id";

export interface TextInputProps extends FieldFrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, "style"> {
  /** An icon inside the field's start. */
  leftSection?: ReactNode;
}

export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { label, description, error, leftSection, w, maw, mt, style, id, required, className, ...inputProps },
  ref,
) {
  const inputId = useElementId(id);
  return (
    <FieldFrame {...{ inputId, label, description, error, required, leftSection, w, maw, mt, style }}>
      <input
        ref={ref}
        className={className ? `ui-input ${className}` : "ui-input"}
        {...inputProps}
        required={required}
        id={inputId}
        {...describedControl(inputId, { description, error })}
      />
    </FieldFrame>
  );
});
