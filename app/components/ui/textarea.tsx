// A labelled text field of several lines. `autosize` grows it with its text, from `minRows` lines
// (CSS `field-sizing`, where the browser has it; elsewhere it keeps `minRows` and scrolls).
import { forwardRef, type CSSProperties, type TextareaHTMLAttributes } from "react";
import { describedControl, FieldFrame, type FieldFrameProps } from "~/components/ui/field";
import { useElementId } from "~/components/ui/id";

export interface TextareaProps extends FieldFrameProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "style"> {
  autosize?: boolean;
  minRows?: number;
  /** Machine text (a token): the monospace font. */
  monospace?: boolean;
}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { label, description, error, w, maw, mt, style, id, required, autosize, minRows = 2, monospace, ...textareaProps },
  ref,
) {
  const inputId = useElementId(id);
  return (
    <FieldFrame {...{ inputId, label, description, error, required, w, maw, mt, style }}>
      <textarea
        ref={ref}
        className="ui-input"
        data-autosize={autosize || undefined}
        data-monospace={monospace || undefined}
        rows={minRows}
        style={autosize ? ({ "--ui-rows": minRows } as CSSProperties) : undefined}
        {...textareaProps}
        required={required}
        id={inputId}
        {...describedControl(inputId, { description, error })}
      />
    </FieldFrame>
  );
});
