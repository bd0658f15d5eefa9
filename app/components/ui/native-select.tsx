// A labelled choice from a list: the browser's own <select>, which works without JavaScript and
// on every phone, with a chevron drawn over its right end. Choices may come in labelled groups
// (<optgroup>).
import { forwardRef, type SelectHTMLAttributes } from "react";
import { describedControl, FieldFrame, type FieldFrameProps } from "~/components/ui/field";
import { useElementId } from "~/components/ui/id";

export interface SelectChoice {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectChoiceGroup {
  group: string;
  choices: ReadonlyArray<SelectChoice>;
}

export interface NativeSelectProps
  extends FieldFrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, "style" | "children"> {
  /** Strings are their own label. */
  data: ReadonlyArray<string | SelectChoice | SelectChoiceGroup>;
}

function Option({ item }: { item: string | SelectChoice }) {
  const choice = typeof item === "string" ? { value: item, label: item } : item;
  return (
    <option value={choice.value} disabled={choice.disabled}>
      {choice.label}
    </option>
  );
}

const chevronPath =
  "M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z";

export const NativeSelect = forwardRef<HTMLSelectElement, NativeSelectProps>(function NativeSelect(
  { label, description, error, data, w, maw, mt, style, id, required, ...selectProps },
  ref,
) {
  const inputId = useElementId(id);
  return (
    <FieldFrame chevron {...{ inputId, label, description, error, required, w, maw, mt, style }}>
      <select
        ref={ref}
        className="ui-input"
        {...selectProps}
        required={required}
        id={inputId}
        {...describedControl(inputId, { description, error })}
      >
        {data.map((item) =>
          typeof item === "object" && "group" in item ? (
            <optgroup key={`group:${item.group}`} label={item.group}>
              {item.choices.map((choice) => (
                <Option key={choice.value} item={choice} />
              ))}
            </optgroup>
          ) : (
            <Option key={typeof item === "string" ? item : item.value} item={item} />
          ),
        )}
      </select>
      <span className="ui-input-chevron" aria-hidden="true">
        <svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg">
          <path d={chevronPath} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
        </svg>
      </span>
    </FieldFrame>
  );
});
