// The API tokens: Token ID, Name, Scopes, Expiration Date; expired tokens marked. A valid token
// offers Revoke, an expired one only Delete (both confirmed as URL state).
import { useTranslation } from "react-i18next";
import { ConfirmLink } from "~/components/ConfirmDialog";
import { tokenParams } from "./token-params";
import type { TokenScope } from "~/contract/enums";
import { Badge } from "~/components/ui/badge";
import { Code } from "~/components/ui/code";
import { Group } from "~/components/ui/group";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";

const boldWeight = { fontWeight: 600 };

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
    <TableScroll minWidth={600}>
      <Table verticalSpacing="sm" highlightOnHover>
        <caption className="visually-hidden">{t("apiTokens.table.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("apiTokens.table.id")}</th>
            <th scope="col">{t("apiTokens.table.name")}</th>
            <th scope="col">{t("apiTokens.table.scopes")}</th>
            <th scope="col">{t("apiTokens.table.expirationDate")}</th>
            {canEdit ? (
              <th scope="col">
                <span className="visually-hidden">{t("apiTokens.table.actions")}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {tokens.length === 0 ? (
            <tr>
              <td colSpan={canEdit ? 5 : 4}>
                <Text dimmed>{t("apiTokens.table.empty")}</Text>
              </td>
            </tr>
          ) : null}
          {tokens.map((token) => (
            <tr key={token.id}>
              <td>
                <Code>{token.id}</Code>
              </td>
              <th scope="row" style={boldWeight}>
                {token.name}
              </th>
              <td>
                <Group gap={4}>
                  {token.scopes.map((scope) => (
                    <Badge key={scope} variant="light" color="gray" tt="none">
                      {t(`apiTokens.scopeNames.${scope}`)}
                    </Badge>
                  ))}
                </Group>
              </td>
              <td>
                <Group gap="xs">
                  <Text size="sm">{token.expires}</Text>
                  {token.isExpired ? (
                    <Badge color="red" variant="light">
                      {t("apiTokens.table.expired")}
                    </Badge>
                  ) : null}
                </Group>
              </td>
              {canEdit ? (
                <td>
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
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
