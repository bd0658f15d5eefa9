// Read-only facts as a two-column table: a row header per label (screen readers announce it
// with the value), with a caption naming the table.
import type { ReactNode } from "react";
import { Table } from "~/components/ui/table";

const labelStyle = { verticalAlign: "top", fontWeight: 600, width: "42%" } as const;

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
    <Table withRowBorders={false} verticalSpacing={6} maw={600} {...tableProps}>
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {facts.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" style={labelStyle}>
              {label}
            </th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
