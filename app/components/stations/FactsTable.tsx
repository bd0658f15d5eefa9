// Read-only facts as a two-column table: a row header per label (screen readers announce it
// with the value), with a caption naming the table.
import type { TableProps } from "@mantine/core";
import { Table } from "#mantine/core/components/Table/Table.mjs";
import type { ReactNode } from "react";

export type Fact = readonly [label: string, value: ReactNode];

export function FactsTable({
  caption,
  facts,
  ...tableProps
}: { caption: string; facts: readonly Fact[] } & TableProps) {
  return (
    <Table withRowBorders={false} verticalSpacing={6} maw={600} {...tableProps}>
      <caption className="visually-hidden">{caption}</caption>
      <Table.Tbody>
        {facts.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w="42%" fw={600} style={{ verticalAlign: "top" }}>
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
