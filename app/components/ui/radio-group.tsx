// A labelled group of radio buttons: the browser's own, uncontrolled inputs, one name. Usually a
// row of choices (RadioGroup); RadioGroupFrame and Radio lay out choices any other way.
import { createContext, useContext, type ReactNode } from "react";
import { useElementId } from "~/components/ui/id";

export interface RadioChoice {
  value: string;
  label: string;
  description?: ReactNode;
  disabled?: boolean;
}

/**
 * The group's name and the value checked as the page was rendered; with `onChange`, the checked
 * value itself (a group whose choice shows elsewhere at once, e.g. a preview).
 */
const RadioGroupContext = createContext<{ name: string; value?: string; onChange?: (value: string) => void }>({
  name: "",
});

export function Radio({ choice }: { choice: RadioChoice }) {
  const { name, value, onChange } = useContext(RadioGroupContext);
  const id = useElementId();
  const disabled = choice.disabled || undefined;
  return (
    <div className="ui-choice">
      <div className="ui-choice-control">
        <input
          className="ui-choice-input"
          name={name}
          disabled={disabled}
          id={id}
          type="radio"
          {...(onChange
            ? { checked: choice.value === value, onChange: () => onChange(choice.value) }
            : { defaultChecked: choice.value === value })}
          value={choice.value}
        />
        <svg
          xmlns="http://www.w3.org/2000/svg"
          fill="none"
          viewBox="0 0 5 5"
          aria-hidden="true"
          className="ui-choice-icon"
        >
          <circle cx="2.5" cy="2.5" r="2.5" fill="currentColor" />
        </svg>
      </div>
      <div className="ui-choice-text" data-disabled={disabled}>
        <label htmlFor={id}>{choice.label}</label>
        {choice.description ? <p className="ui-field-description">{choice.description}</p> : null}
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

interface ControlledRadioGroupProps {
  /** The checked value, kept by the caller. */
  value?: string;
  onChange?: (value: string) => void;
}

/** The group's label, description and message around `children`, the `Radio`s laid out as needed. */
export function RadioGroupFrame({
  id,
  name,
  label,
  description,
  defaultValue,
  value,
  onChange,
  error,
  children,
}: RadioGroupProps & ControlledRadioGroupProps & { children: ReactNode }) {
  const describedBy = [error ? `${id}-error` : "", description ? `${id}-description` : ""].join(" ").trim();
  return (
    <div className="ui-field" data-error={error ? true : undefined}>
      <div className="ui-field-label" id={`${id}-label`}>
        {label}
      </div>
      {description ? (
        <p className="ui-field-description" id={`${id}-description`}>
          {description}
        </p>
      ) : null}
      <div role="radiogroup" aria-labelledby={`${id}-label`} aria-describedby={describedBy || undefined}>
        <RadioGroupContext.Provider value={{ name, value: onChange ? value : defaultValue, onChange }}>
          {children}
        </RadioGroupContext.Provider>
      </div>
      {error ? (
        <p className="ui-field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The choices in a row that wraps. */
export function RadioGroup({ choices, ...group }: RadioGroupProps & { choices: RadioChoice[] }) {
  return (
    <RadioGroupFrame {...group}>
      <div className="ui-group" data-gap="lg" style={{ marginTop: "var(--mantine-spacing-xs)" }}>
        {choices.map((choice) => (
          <Radio key={choice.value} choice={choice} />
        ))}
      </div>
    </RadioGroupFrame>
  );
}
