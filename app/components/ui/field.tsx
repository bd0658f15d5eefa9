// What every form field shows around its control: the label (with a required mark), a
// description, and the message of a refused value, wired to the control by ids
// (`<id>-description`, `<id>-error`) in the order a screen reader should read them.
import type { ReactNode } from "react";
import { splitBox, type BoxProps } from "~/components/ui/box";

export interface FieldFrameProps extends Pick<BoxProps, "w" | "maw" | "mt" | "style"> {
  label?: ReactNode;
  description?: ReactNode;
  /** The field's message: shown under the control and named by it. */
  error?: string;
}

/** The control's `aria-invalid` and `aria-describedby` for a frame with this description and error. */
export function describedControl(id: string, { description, error }: Pick<FieldFrameProps, "description" | "error">) {
  const describedBy = [error ? `${id}-error` : "", description ? `${id}-description` : ""].join(" ").trim();
  return { "aria-invalid": Boolean(error), "aria-describedby": describedBy || undefined };
}

export function FieldFrame({
  inputId,
  label,
  description,
  error,
  required,
  chevron,
  leftSection,
  children,
  ...props
}: FieldFrameProps & {
  inputId: string;
  required?: boolean;
  chevron?: boolean;
  leftSection?: ReactNode;
  children: ReactNode;
}) {
  const [style] = splitBox(props);
  return (
    <div className="ui-field" data-error={error ? true : undefined} style={style}>
      {label ? (
        <label className="ui-field-label" htmlFor={inputId} id={`${inputId}-label`}>
          {label}
          {required ? (
            <span className="ui-field-required" aria-hidden="true">
              {" *"}
            </span>
          ) : null}
        </label>
      ) : null}
      {description ? (
        <p className="ui-field-description" id={`${inputId}-description`}>
          {description}
        </p>
      ) : null}
      <div
        className="ui-input-box"
        data-error={error ? true : undefined}
        data-with-chevron={chevron || undefined}
        data-with-left-section={leftSection ? true : undefined}
      >
        {leftSection ? <span className="ui-input-section">{leftSection}</span> : null}
        {children}
      </div>
      {error ? (
        <p className="ui-field-error" id={`${inputId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A label, description and message around a control that brings its own frame (a drop zone, six
 * PIN boxes): the ids are the caller's, so its control can name them.
 */
export function Field({
  label,
  htmlFor,
  labelId,
  description,
  descriptionId,
  error,
  errorId,
  children,
}: {
  label: ReactNode;
  /** The control the label names; without it the label is a plain heading of the group. */
  htmlFor?: string;
  labelId?: string;
  description?: ReactNode;
  descriptionId?: string;
  error?: ReactNode;
  errorId?: string;
  children: ReactNode;
}) {
  return (
    <div className="ui-field" data-error={error ? true : undefined}>
      {htmlFor ? (
        <label className="ui-field-label" htmlFor={htmlFor} id={labelId}>
          {label}
        </label>
      ) : (
        <div className="ui-field-label" id={labelId}>
          {label}
        </div>
      )}
      {description ? (
        <p className="ui-field-description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      {children}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** A message about a value, in the error colour (`mt` above it when it stands apart). */
export function FieldError({ id, mt, children }: { id?: string; mt?: "xs"; children: ReactNode }) {
  return (
    <p className="ui-field-error" id={id} style={mt ? { marginTop: `var(--mantine-spacing-${mt})` } : undefined}>
      {children}
    </p>
  );
}
