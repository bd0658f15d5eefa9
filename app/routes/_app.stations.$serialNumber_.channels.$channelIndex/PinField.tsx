// The PIN: one numeric field on the server render (works without JavaScript), six one-digit
// boxes once hydrated, following the spec's focus rules (app/domain/pin.ts).
import { useInputControl, type FieldMetadata } from "@conform-to/react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { textFieldProps, useFieldError } from "~/components/forms";
import {
  fillPinBoxes,
  joinPinDigits,
  pinBoxInput,
  pinBoxKey,
  pinDigitsOf,
  pinLength,
  type PinBoxes,
} from "~/domain/pin";
import { useHydrated } from "~/utils/use-hydrated";
import { rem } from "~/components/ui/box";
import { Field } from "~/components/ui/field";
import { Group } from "~/components/ui/group";
import { TextInput } from "~/components/ui/text-input";

// Each box sits below the hint as a field's control does (and above the message, by its data-error).
const boxStyle = { width: rem(44), marginTop: "calc(var(--mantine-spacing-xs) / 2)" };
const digitStyle = { textAlign: "center", fontSize: "1.25rem" } as const;

type PinFieldMetadata = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

function PinBoxesInput({ field, label, disabled }: { field: PinFieldMetadata; label: string; disabled: boolean }) {
  const { t } = useTranslation("stations");
  const fieldError = useFieldError();
  const control = useInputControl(field);
  const value = typeof control.value === "string" ? control.value : "";
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const labelId = useId();
  const errorId = useId();
  // The boxes keep their positions (an emptied middle box stays empty); the form gets the joined digits.
  const [digits, setDigits] = useState(() => pinDigitsOf(value));
  const latest = useRef(digits);
  const error = fieldError(field);

  useEffect(() => {
    // The form was reset or filled from elsewhere: show its value.
    if (joinPinDigits(latest.current) !== value) {
      latest.current = pinDigitsOf(value);
      setDigits(latest.current);
    }
  }, [value]);

  function apply(next: PinBoxes | null) {
    if (!next) return false;
    latest.current = next.digits;
    setDigits(next.digits);
    control.change(joinPinDigits(next.digits));
    boxes.current[next.focus]?.focus();
    boxes.current[next.focus]?.select();
    return true;
  }

  return (
    <Field
      label={<span id={labelId}>{label}</span>}
      description={t("pin.hint")}
      error={error ? <span id={errorId}>{error}</span> : undefined}
    >
      <Group
        id={field.id}
        gap="xs"
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        mt={4}
      >
        {Array.from({ length: pinLength }, (_, index) => (
          <div key={index} className="ui-input-box" data-error={error ? true : undefined} style={boxStyle}>
            <input
              ref={(element: HTMLInputElement | null) => {
                boxes.current[index] = element;
              }}
              className="ui-input"
              style={digitStyle}
              value={digits[index]}
              disabled={disabled}
              inputMode="numeric"
              autoComplete="off"
              aria-label={t("pin.digit", { position: index + 1, count: pinLength })}
              aria-invalid={error ? true : undefined}
              onFocus={(event) => event.currentTarget.select()}
              onKeyDown={(event) => {
                if (event.ctrlKey || event.metaKey || event.altKey) return;
                if (apply(pinBoxKey(latest.current, index, event.key))) event.preventDefault();
              }}
              onPaste={(event) => {
                event.preventDefault();
                apply(fillPinBoxes(latest.current, index, event.clipboardData.getData("text")));
              }}
              onChange={(event) => apply(pinBoxInput(latest.current, index, event.currentTarget.value))}
              onBlur={() => control.blur()}
            />
          </div>
        ))}
      </Group>
    </Field>
  );
}

export function PinField({ field, label, disabled }: { field: PinFieldMetadata; label: string; disabled: boolean }) {
  const { t } = useTranslation("stations");
  const fieldError = useFieldError();
  const hydrated = useHydrated();
  if (hydrated) return <PinBoxesInput field={field} label={label} disabled={disabled} />;
  return (
    <TextInput
      {...textFieldProps(field)}
      key={field.key}
      label={label}
      description={t("pin.hint")}
      error={fieldError(field)}
      inputMode="numeric"
      autoComplete="off"
      maxLength={pinLength}
      w={220}
    />
  );
}
