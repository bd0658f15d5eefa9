// A group of controls named by its legend (the token form's scopes), without a frame of its own.
import type { ReactNode } from "react";

export function Fieldset({
  legend,
  children,
  ...attributes
}: {
  legend: ReactNode;
  children: ReactNode;
  "aria-describedby"?: string;
  id?: string;
}) {
  return (
    <fieldset className="ui-fieldset" {...attributes}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
