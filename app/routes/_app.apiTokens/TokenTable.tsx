// The API tokens: Token ID, Name, Scopes, Expiration Date; expired tokens marked. A valid token
// offers Revoke, an expired one only Delete (both confirmed as URL state).
import { Badge } from "#mantine/core/components/Badge/Badge.mjs";
import { Code } from "#mantine/core/components/Code/Code.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Table } from "#mantine/core/components/Table/Table.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { useTranslation } from "react-i18next";
import { ConfirmLink } from "~/components/ConfirmDialog";
import { tokenParams } from "./token-params";
import type { TokenScope } from "~/contract/enums";

export interface TokenRow {
  id: string;
  name: string;
  scopes: TokenScope[];
  expirationDate: string;
  /** The date as shown (formatted on the server, in the user's language). */
  expires: string;
  isExpired: boolean;
}

export function TokenTable({ tokens, canEdit }: { tokens: TokenRow[]; canEdit: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <Table.ScrollContainer type="native" minWidth={600}>
      <Table verticalSpacing="sm" highlightOnHover>
        <caption className="visually-hidden">{t("apiTokens.table.caption")}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("apiTokens.table.id")}</Table.Th>
            <Table.Th scope="col">{t("apiTokens.table.name")}</Table.Th>
            <Table.Th scope="col">{t("apiTokens.table.scopes")}</Table.Th>
            <Table.Th scope="col">{t("apiTokens.table.expirationDate")}</Table.Th>
            {canEdit ? (
              <Table.Th scope="col">
                <span className="visually-hidden">{t("apiTokens.table.actions")}</span>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={canEdit ? 5 : 4}>
                <Text c="dimmed">{t("apiTokens.table.empty")}</Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {tokens.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td>
                <Code>{token.id}</Code>
              </Table.Td>
              <Table.Th scope="row" fw={600}>
                {token.name}
              </Table.Th>
              <Table.Td>
                <Group gap={4}>
                  {token.scopes.map((scope) => (
                    <Badge key={scope} variant="light" color="gray" tt="none">
                      {t(`apiTokens.scopeNames.${scope}`)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Text size="sm">{token.expires}</Text>
                  {token.isExpired ? (
                    <Badge color="red" variant="light">
                      {t("apiTokens.table.expired")}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              {canEdit ? (
                <Table.Td>
                  <ConfirmLink
                    name={token.isExpired ? "deleteToken" : "revokeToken"}
                    extra={{ [tokenParams.token]: token.id }}
                    variant="light"
                    color="red"
                    size="xs"
                    aria-label={t(token.isExpired ? "apiTokens.table.deleteNamed" : "apiTokens.table.revokeNamed", {
                      name: token.name,
                    })}
                  >
                    {token.isExpired ? t("apiTokens.table.delete") : t("apiTokens.table.revoke")}
                  </ConfirmLink>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
