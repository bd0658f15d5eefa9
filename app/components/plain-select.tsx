// Mantine's `NativeSelect` and `TextInput` (size sm, variant default, the app's theme) written as
// plain elements: the wrapper, label, description, the <select> or <input> in its input wrapper
// (the select with its chevron), and the error, with the same classes, data attributes, CSS
// variables, ids and aria wiring. Mantine's own NativeSelect imports Combobox and ScrollArea, and
// with them @floating-ui (19 KB gzipped) into every signed-in page, for a chevron icon and a data
// parser; and every Mantine input resolves theme and styles for each of its five elements on
// each render (docs/decisions/047-performance-budget-and-upgrade-checklist.md#own-primitives).
// tests/console/plain-markup.test.ts renders them next to Mantine's for every variant used.
import {
  forwardRef,
  useId,
  type CSSProperties,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from "react";
import { mantineRem } from "~/components/plain-units";

export interface SelectChoice {
  value: string;
  label: string;
  disabled?: boolean;
}

const chevronPath =
  "M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z";

const labelStyle = { "--input-label-size": "var(--mantine-font-size-sm)" } as CSSProperties;
const messageSize = "calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))";
const descriptionStyle = { "--input-description-size": messageSize } as CSSProperties;
const errorStyle = { "--input-error-size": messageSize } as CSSProperties;
const inputOffset = "calc(var(--mantine-spacing-xs) / 2)";

function wrapperStyle(offsetTop: boolean, offsetBottom: boolean, select: boolean): CSSProperties {
  return {
    ...(offsetTop ? { "--input-margin-top": inputOffset } : {}),
    ...(offsetBottom ? { "--input-margin-bottom": inputOffset } : {}),
    "--input-height": "var(--input-height-sm)",
    "--input-fz": "var(--mantine-font-size-sm)",
    ...(select ? { "--input-right-section-pointer-events": "none" } : {}),
  } as CSSProperties;
}

interface FrameProps {
  label?: ReactNode;
  description?: ReactNode;
  /** The field's message, as Mantine's `error` prop: shown under the control and named by it. */
  error?: string;
  /** Mantine's `w` and `maw` style props, in px. */
  w?: number;
  maw?: number;
  /** On the wrapper, as Mantine puts it. */
  style?: CSSProperties;
}

function rootStyle({ w, maw, style }: Pick<FrameProps, "w" | "maw" | "style">): CSSProperties | undefined {
  if (w === undefined && maw === undefined && !style) return undefined;
  return {
    ...(w !== undefined ? { width: mantineRem(w) } : {}),
    ...(maw !== undefined ? { maxWidth: mantineRem(maw) } : {}),
    ...style,
  };
}

/** Mantine's `id` when none is given: React's, prefixed as Mantine does. */
function useInputId(id: string | undefined) {
  const generated = `mantine-${useId().replace(/:/g, "")}`;
  return id ?? generated;
}

type Selector = "NativeSelect" | "TextInput";

/** The wrapper, label, description, input wrapper and error around a select or an input. */
function InputFrame({
  selector,
  inputId,
  label,
  description,
  error,
  required,
  disabled,
  w,
  maw,
  style,
  children,
}: FrameProps & {
  selector: Selector;
  inputId: string;
  required?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  const hasError = Boolean(error);
  const hasDescription = Boolean(description);
  const select = selector === "NativeSelect";
  return (
    <div
      style={rootStyle({ w, maw, style })}
      className={`m_46b77525 mantine-InputWrapper-root mantine-${selector}-root`}
      data-size="sm"
      data-error={hasError || undefined}
    >
      {label ? (
        <label
          style={labelStyle}
          className={`m_8fdc1311 mantine-InputWrapper-label mantine-${selector}-label`}
          data-size="sm"
          data-required={required || undefined}
          htmlFor={inputId}
          id={`${inputId}-label`}
        >
          {label}
          {required ? (
            <span
              className={`m_78a94662 mantine-InputWrapper-required mantine-${selector}-required`}
              aria-hidden="true"
            >
              {" *"}
            </span>
          ) : null}
        </label>
      ) : null}
      {hasDescription ? (
        <p
          style={descriptionStyle}
          className={`m_fe47ce59 mantine-InputWrapper-description mantine-${selector}-description`}
          data-size="sm"
          id={`${inputId}-description`}
        >
          {description}
        </p>
      ) : null}
      <div
        style={wrapperStyle(hasDescription, hasError, select)}
        className={`m_6c018570 mantine-Input-wrapper mantine-${selector}-wrapper`}
        data-variant="default"
        data-size="sm"
        data-error={hasError || undefined}
        data-pointer={select || undefined}
        data-disabled={disabled || undefined}
        data-with-right-section={select || undefined}
      >
        {children}
      </div>
      {hasError ? (
        <p
          style={errorStyle}
          className={`m_8f816625 mantine-InputWrapper-error mantine-${selector}-error`}
          data-size="sm"
          id={`${inputId}-error`}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The control's own attributes that Mantine writes before and after the caller's. */
function controlAttributes(
  selector: Selector,
  inputId: string,
  { error, description, disabled }: { error?: string; description?: ReactNode; disabled?: boolean },
) {
  const hasError = Boolean(error);
  const describedBy =
    [hasError ? `${inputId}-error` : "", description ? `${inputId}-description` : ""].join(" ").trim() || undefined;
  return {
    before: {
      className: `m_8fb7ebe7 mantine-Input-input mantine-${selector}-input`,
      "data-variant": "default",
      "data-disabled": disabled || undefined,
      "data-error": hasError || undefined,
    },
    after: { "aria-invalid": hasError, "aria-describedby": describedBy, id: inputId },
  };
}

export interface PlainSelectProps
  extends FrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, "style" | "children"> {
  /** Strings are their own label. */
  data: ReadonlyArray<string | SelectChoice>;
}

export const PlainSelect = forwardRef<HTMLSelectElement, PlainSelectProps>(function PlainSelect(
  { label, description, error, data, w, maw, style, id, required, disabled, ...selectProps },
  ref,
) {
  const inputId = useInputId(id);
  const attributes = controlAttributes("NativeSelect", inputId, { error, description, disabled });
  return (
    <InputFrame selector="NativeSelect" {...{ inputId, label, description, error, required, disabled, w, maw, style }}>
      <select
        {...attributes.before}
        ref={ref}
        {...selectProps}
        required={required}
        disabled={disabled}
        {...attributes.after}
      >
        {data.map((item) => {
          const choice = typeof item === "string" ? { value: item, label: item } : item;
          return (
            <option key={choice.value} value={choice.value} disabled={choice.disabled}>
              {choice.label}
            </option>
          );
        })}
      </select>
      <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-NativeSelect-section">
        <svg
          className="m_2943220b mantine-ComboboxChevron-chevron"
          data-combobox-chevron="true"
          data-error={error || undefined}
          viewBox="0 0 15 15"
          fill="none"
          xmlns="http://www.w3.org/2000/svg"
        >
          <path d={chevronPath} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
        </svg>
      </div>
    </InputFrame>
  );
});

export interface PlainTextInputProps extends FrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, "style"> {}

/** `<TextInput>`: text, number, search… */
export const PlainTextInput = forwardRef<HTMLInputElement, PlainTextInputProps>(function PlainTextInput(
  { label, description, error, w, maw, style, id, required, disabled, ...inputProps },
  ref,
) {
  const inputId = useInputId(id);
  const attributes = controlAttributes("TextInput", inputId, { error, description, disabled });
  return (
    <InputFrame selector="TextInput" {...{ inputId, label, description, error, required, disabled, w, maw, style }}>
      <input
        {...attributes.before}
        ref={ref}
        {...inputProps}
        required={required}
        disabled={disabled}
        {...attributes.after}
      />
    </InputFrame>
  );
});
