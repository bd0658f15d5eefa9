// A colour: a swatch (with its value as text alternative), the native colour picker and the hex
// field. With JavaScript they follow each other and the hex field drops non-hex characters while
// typing and expands 3 characters to 6 on leaving; without it both post, and the one the user
// changed wins (see chosenColour).
import { useTranslation } from "react-i18next";
import { fieldId, fieldNames, type ColourField as ColourFieldName } from "./fields";
import { hexFieldValue, isWhitish, normalizeHex, pickerValue } from "~/domain/colours";
import { Group } from "~/components/ui/group";
import { TextInput } from "~/components/ui/text-input";

export interface ColourFieldProps {
  colour: ColourFieldName;
  value: string;
  label: string;
  error: string | null;
  onChange(value: string): void;
}

export function ColourSwatch({ hex, label }: { hex: string; label: string }) {
  const { t } = useTranslation("admin");
  const normalized = normalizeHex(hex);
  return (
    <div
      role="img"
      aria-label={
        normalized
          ? t("views.appCustomization.colours.swatch", { label, hex: normalized })
          : t("views.appCustomization.colours.noSwatch", { label })
      }
      className="colour-swatch"
      style={{
        background: normalized ? `#${normalized}` : "transparent",
        borderColor: !normalized || isWhitish(normalized) ? "var(--mantine-color-gray-6)" : "transparent",
      }}
    />
  );
}

export function ColourField({ colour, value, label, error, onChange }: ColourFieldProps) {
  const { t } = useTranslation("admin");
  const id = fieldId(fieldNames.colour(colour));
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <TextInput
        id={id}
        name={fieldNames.colour(colour)}
        label={label}
        description={t("views.appCustomization.colours.hexHint")}
        value={value}
        onChange={(event) => onChange(hexFieldValue(event.currentTarget.value))}
        onBlur={() => {
          const normalized = normalizeHex(value);
          if (normalized && normalized !== value) onChange(normalized);
        }}
        error={error ? t(error) : undefined}
        leftSection={<span aria-hidden="true">#</span>}
        autoComplete="off"
        spellCheck={false}
        w={220}
      />
      <Group gap="xs" mt={46} wrap="nowrap">
        <input
          type="color"
          name={fieldNames.colourPicker(colour)}
          value={pickerValue(value)}
          onChange={(event) => onChange(normalizeHex(event.currentTarget.value) ?? value)}
          aria-label={t("views.appCustomization.colours.picker", { label })}
          className="colour-picker"
        />
        <ColourSwatch hex={value} label={label} />
      </Group>
      <input type="hidden" name={fieldNames.colourShown(colour)} value={value} />
    </Group>
  );
}
