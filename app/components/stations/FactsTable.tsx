// Read-only facts as a two-column table: a row header per label (screen readers announce it
// with the value), with a caption naming the table.
import type { ReactNode } from "react";
import { PlainTable, PlainTbody, PlainTd, PlainTh, PlainTr } from "~/components/plain-table";

export type Fact = readonly [label: string, value: ReactNode];

export function FactsTable({
  caption,
  facts,
  ...tableProps
}: {
  caption: string;
  facts: readonly Fact[];
  mt?: "md";
  horizontalSpacing?: "xs";
}) {
  return (
    <PlainTable withRowBorders={false} verticalSpacing={6} maw={600} {...tableProps}>
      <caption className="visually-hidden">{caption}</caption>
      <PlainTbody>
        {facts.map(([label, value]) => (
          <PlainTr key={label}>
            <PlainTh scope="row" w="42%" fw={600} style={{ verticalAlign: "top" }}>
              {label}
            </PlainTh>
            <PlainTd>{value}</PlainTd>
          </PlainTr>
        ))}
      </PlainTbody>
    </PlainTable>
  );
}
