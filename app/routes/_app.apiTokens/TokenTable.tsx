// The API tokens: Token ID, Name, Scopes, Expiration Date; expired tokens marked. A valid token
// offers Revoke, an expired one only Delete (both confirmed as URL state).
import { Badge } from "#mantine/core/components/Badge/Badge.mjs";
import { Code } from "#mantine/core/components/Code/Code.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { useTranslation } from "react-i18next";
import { ConfirmLink } from "~/components/ConfirmDialog";
import { tokenParams } from "./token-params";
import type { TokenScope } from "~/contract/enums";
import {
  PlainTable,
  PlainTableScroll,
  PlainTbody,
  PlainTd,
  PlainTh,
  PlainThead,
  PlainTr,
} from "~/components/plain-table";

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
    <PlainTableScroll minWidth={600}>
      <PlainTable verticalSpacing="sm" highlightOnHover>
        <caption className="visually-hidden">{t("apiTokens.table.caption")}</caption>
        <PlainThead>
          <PlainTr>
            <PlainTh scope="col">{t("apiTokens.table.id")}</PlainTh>
            <PlainTh scope="col">{t("apiTokens.table.name")}</PlainTh>
            <PlainTh scope="col">{t("apiTokens.table.scopes")}</PlainTh>
            <PlainTh scope="col">{t("apiTokens.table.expirationDate")}</PlainTh>
            {canEdit ? (
              <PlainTh scope="col">
                <span className="visually-hidden">{t("apiTokens.table.actions")}</span>
              </PlainTh>
            ) : null}
          </PlainTr>
        </PlainThead>
        <PlainTbody>
          {tokens.length === 0 ? (
            <PlainTr>
              <PlainTd colSpan={canEdit ? 5 : 4}>
                <Text c="dimmed">{t("apiTokens.table.empty")}</Text>
              </PlainTd>
            </PlainTr>
          ) : null}
          {tokens.map((token) => (
            <PlainTr key={token.id}>
              <PlainTd>
                <Code>{token.id}</Code>
              </PlainTd>
              <PlainTh scope="row" fw={600}>
                {token.name}
              </PlainTh>
              <PlainTd>
                <Group gap={4}>
                  {token.scopes.map((scope) => (
                    <Badge key={scope} variant="light" color="gray" tt="none">
                      {t(`apiTokens.scopeNames.${scope}`)}
                    </Badge>
                  ))}
                </Group>
              </PlainTd>
              <PlainTd>
                <Group gap="xs">
                  <Text size="sm">{token.expires}</Text>
                  {token.isExpired ? (
                    <Badge color="red" variant="light">
                      {t("apiTokens.table.expired")}
                    </Badge>
                  ) : null}
                </Group>
              </PlainTd>
              {canEdit ? (
                <PlainTd>
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
                </PlainTd>
              ) : null}
            </PlainTr>
          ))}
        </PlainTbody>
      </PlainTable>
    </PlainTableScroll>
  );
}
