// Mantine's `Radio.Group` of `Radio`s in a `<Group gap="lg" mt="xs">`, and its `Checkbox` (variant
// filled, label on the right, the app's theme), written as plain elements with the same classes,
// data attributes, CSS variables, ids and aria wiring. A station's settings page renders about
// thirty radios: through Mantine each one resolves theme, props and styles for six elements, which
// made the page's document cost six times its data
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#own-primitives). The inputs are
// the browser's own, unchanged; only the `data-checked` mark of a radio follows the choice, as
// Mantine's does.
// tests/console/plain-markup.test.ts renders each one next to Mantine's for every variant used.
import { createContext, useContext, useId, useState, type CSSProperties, type ReactNode } from "react";

export interface RadioChoice {
  value: string;
  label: string;
  description?: ReactNode;
  disabled?: boolean;
}

/** The group's name and the value checked as the page was rendered (or since, by a click). */
const RadioGroupContext = createContext<{ name: string; value?: string }>({ name: "" });

const groupStyle = {
  "--group-gap": "var(--mantine-spacing-lg)",
  "--group-align": "center",
  "--group-justify": "flex-start",
  "--group-wrap": "wrap",
  marginTop: "var(--mantine-spacing-xs)",
} as CSSProperties;
const radioStyle = {
  "--radio-color": "var(--mantine-color-brand-filled)",
  "--radio-icon-color": "var(--mantine-color-white)",
} as CSSProperties;
const checkboxStyle = {
  "--checkbox-color": "var(--mantine-color-brand-filled)",
  "--checkbox-icon-color": "var(--mantine-color-white)",
} as CSSProperties;

/** Mantine's `id` when none is given: React's, prefixed as Mantine does. */
function useInputId(id?: string) {
  const generated = `mantine-${useId().replace(/:/g, "")}`;
  return id ?? generated;
}

function describedBy(id: string, hasError: boolean, hasDescription: boolean) {
  return [hasError ? `${id}-error` : "", hasDescription ? `${id}-description` : ""].join(" ").trim() || undefined;
}

/** A `<Radio name value label description disabled>` inside a `PlainRadioGroupFrame`. */
export function PlainRadio({ choice }: { choice: RadioChoice }) {
  const { name, value } = useContext(RadioGroupContext);
  // As the page was rendered: the browser keeps the input's state.
  const checked = choice.value === value;
  const id = useInputId();
  const disabled = choice.disabled || undefined;
  return (
    <div
      style={radioStyle}
      className="m_f3f1af94 mantine-Radio-root m_5f75b09e mantine-Radio-root"
      data-label-position="right"
      data-checked={checked || undefined}
    >
      <div className="m_5f6e695e mantine-Radio-body">
        <div className="m_89c4f5e4 mantine-Radio-inner" data-label-position="right">
          <input
            className="mantine-focus-auto m_8a3dbb89 mantine-Radio-radio"
            name={name}
            disabled={disabled}
            id={id}
            type="radio"
            defaultChecked={checked}
            value={choice.value}
          />
          <svg
            xmlns="http://www.w3.org/2000/svg"
            fill="none"
            viewBox="0 0 5 5"
            aria-hidden="true"
            className="m_f3ed6b2b mantine-Radio-icon"
          >
            <circle cx="2.5" cy="2.5" r="2.5" fill="currentColor" />
          </svg>
        </div>
        <div className="m_d3ea56bb mantine-Radio-labelWrapper" data-disabled={disabled}>
          <label className="m_8ee546b8 mantine-Radio-label" htmlFor={id} data-disabled={disabled}>
            {choice.label}
          </label>
          {choice.description ? (
            <p className="m_328f68c0 mantine-Radio-description m_fe47ce59 mantine-InputWrapper-description m_328f68c0 mantine-Radio-description">
              {choice.description}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

interface RadioGroupProps {
  id: string;
  name: string;
  label: ReactNode;
  description?: ReactNode;
  defaultValue?: string;
  error?: string;
}

/**
 * `<Radio.Group id name label description defaultValue error>` around `children`: the layout of
 * `PlainRadio`s the form needs (each reads the group's name and checked value).
 */
export function PlainRadioGroupFrame({
  id,
  name,
  label,
  description,
  defaultValue,
  error,
  children,
}: RadioGroupProps & { children: ReactNode }) {
  // Only for the radios' `data-checked` mark; the inputs themselves are uncontrolled.
  const [value, setValue] = useState(defaultValue);
  const hasError = Boolean(error);
  const hasDescription = Boolean(description);
  return (
    <div className="m_46b77525 mantine-InputWrapper-root mantine-RadioGroup-root" data-error={hasError || undefined}>
      <div className="m_8fdc1311 mantine-InputWrapper-label mantine-RadioGroup-label" id={`${id}-label`}>
        {label}
      </div>
      {hasDescription ? (
        <p
          className="m_fe47ce59 mantine-InputWrapper-description mantine-RadioGroup-description"
          id={`${id}-description`}
        >
          {description}
        </p>
      ) : null}
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy(id, hasError, hasDescription)}
        onChange={(event) => {
          const target = event.target as HTMLInputElement;
          if (target.name === name && target.checked) setValue(target.value);
        }}
      >
        <RadioGroupContext.Provider value={{ name, value }}>{children}</RadioGroupContext.Provider>
      </div>
      {hasError ? (
        <p className="m_8f816625 mantine-InputWrapper-error mantine-RadioGroup-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** `<Radio.Group>` around `<Group gap="lg" mt="xs">` of `<Radio>`s, one per choice. */
export function PlainRadioGroup({ choices, ...group }: RadioGroupProps & { choices: RadioChoice[] }) {
  return (
    <PlainRadioGroupFrame {...group}>
      <div style={groupStyle} className="m_4081bf90 mantine-Group-root">
        {choices.map((choice) => (
          <PlainRadio key={choice.value} choice={choice} />
        ))}
      </div>
    </PlainRadioGroupFrame>
  );
}

const checkPath =
  "M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z";

/** `<Checkbox id name value label description defaultChecked error disabled>`. */
export function PlainCheckbox({
  id,
  name,
  value,
  label,
  description,
  defaultChecked,
  error,
  disabled,
}: {
  id?: string;
  name?: string;
  value?: string;
  label: ReactNode;
  description?: ReactNode;
  defaultChecked?: boolean;
  error?: string;
  disabled?: boolean;
}) {
  const inputId = useInputId(id);
  return (
    <div
      style={checkboxStyle}
      className="m_bf2d988c mantine-Checkbox-root m_5f75b09e mantine-Checkbox-root"
      data-variant="filled"
      data-label-position="right"
    >
      <div className="m_5f6e695e mantine-Checkbox-body">
        <div className="m_26062bec mantine-Checkbox-inner" data-label-position="right">
          <input
            className="mantine-focus-auto m_26063560 mantine-Checkbox-input"
            data-error={error ? true : undefined}
            id={inputId}
            name={name}
            disabled={disabled}
            type="checkbox"
            // Only when given: React's DOM input takes a `value` key that is there but undefined as
            // "", and a checked box would then post "" instead of the browser's "on".
            {...(value === undefined ? null : { value })}
            defaultChecked={defaultChecked}
          />
          <svg
            viewBox="0 0 10 7"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
            aria-hidden="true"
            className="m_bf295423 mantine-Checkbox-icon"
          >
            <path d={checkPath} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
          </svg>
        </div>
        <div className="m_d3ea56bb mantine-Checkbox-labelWrapper" data-disabled={disabled || undefined}>
          <label className="m_8ee546b8 mantine-Checkbox-label" htmlFor={inputId} data-disabled={disabled || undefined}>
            {label}
          </label>
          {description ? (
            <p className="m_328f68c0 mantine-Checkbox-description m_fe47ce59 mantine-InputWrapper-description">
              {description}
            </p>
          ) : null}
          {error ? (
            <p className="m_8e8a99cc mantine-Checkbox-error m_8f816625 mantine-InputWrapper-error">{error}</p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
