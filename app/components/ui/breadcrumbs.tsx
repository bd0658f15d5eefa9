// Where a page sits: its ancestors' links and its own name, separated by "›" (hidden from screen
// readers, which announce the list of links). Put it in a <nav> with its own label.
import { Children, Fragment, type ReactNode } from "react";

export function Breadcrumbs({ children }: { children: ReactNode }) {
  const items = Children.toArray(children);
  return (
    <div className="ui-breadcrumbs">
      {items.map((item, index) => (
        <Fragment key={index}>
          {index > 0 ? <span aria-hidden="true">›</span> : null}
          {item}
        </Fragment>
      ))}
    </div>
  );
}
