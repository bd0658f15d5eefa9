// API tokens (administration.md §2, §4, §5): the table, Add Token (the access token is shown
// once, right after creating), revoke a valid token, delete an expired one.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { IconPlus } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guard.server";
import { can } from "~/domain/permissions";
import { AddTokenDialog } from "./AddTokenDialog";
import { CreatedTokenDialog } from "./CreatedTokenDialog";
import { takeCreatedToken } from "./created-token.server";
import { addTokenDialog, tokenParams } from "./token-params";
import { addTokenForm, deleteTokenCommand, revokeTokenCommand } from "./forms";
import { constraintOf, intentTable } from "~/route-helpers/intent-table.server";
import { replyFor } from "~/route-helpers/form-reply";
import { dispatchIntent } from "~/route-helpers/intents.server";
import { TokenTable, type TokenRow } from "./TokenTable";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { isTokenExpired } from "~/domain/tokens";
import { i18next } from "~/i18n/i18next.server";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import { listTokens } from "~/manager/tokens.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { newSubmissionId } from "~/utils/once-per-submission.server";
import { withSearchParams } from "~/utils/url";
import { LinkButton } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { formatDate } from "~/utils/dates";

export const meta = pageTitle("apiTokens");
export const handle = { titleKey: "apiTokens" } satisfies ScreenHandle;
// The page may carry an access token: never stored by a cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, manager } = await requireUser(request, "apiTokens.show");
  const [tokens, createdToken, locale] = await Promise.all([
    loadOrThrow(request, () => listTokens(manager)),
    takeCreatedToken(request),
    i18next.getLocale(request),
  ]);
  // Dates in the console's time zone, as on every screen; the expiry rule compares the same dates.
  const date = (iso: string) => formatDate(iso, locale);
  const rows: TokenRow[] = tokens.map((token) => ({
    id: token.id,
    name: token.name,
    scopes: token.scopes,
    expirationDate: token.expirationDate,
    expires: date(token.expirationDate),
    isExpired: isTokenExpired(token.expirationDate),
  }));
  const created = createdToken ? { token: createdToken, expires: date(createdToken.expirationDate) } : null;
  return {
    rows,
    created,
    canEdit: can(user, "apiTokens.edit"),
    submissionId: newSubmissionId(),
    addTokenConstraint: await constraintOf(addTokenForm, undefined),
  };
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) =>
  dispatchIntent(args, intentTable(addTokenForm, revokeTokenCommand, deleteTokenCommand));

/** Revoke for a valid token, delete for an expired one: each opens only for its own kind. */
function RemoveTokenDialog({ rows }: { rows: TokenRow[] }) {
  const { t } = useTranslation("admin");
  const [search] = useSearchParams();
  const token = rows.find((row) => row.id === search.get(tokenParams.token));
  if (!token) return null;
  const removal = token.isExpired ? "delete" : "revoke";
  return (
    <ConfirmDialog
      name={`${removal}Token`}
      intent={removal === "revoke" ? revokeTokenCommand.intent : deleteTokenCommand.intent}
      title={t(`apiTokens.${removal}.title`, { name: token.name })}
      confirmLabel={t(`apiTokens.${removal}.confirm`)}
      fields={{ tokenId: token.id }}
      dialogParams={[tokenParams.token]}
      color="red"
    >
      {t(`apiTokens.${removal}.message`)}
    </ConfirmDialog>
  );
}

export default function ApiTokens() {
  const { rows, created, canEdit, submissionId, addTokenConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const location = useLocation();
  const [search] = useSearchParams();
  const addOpen = canEdit && search.get(tokenParams.dialog) === addTokenDialog;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t("apiTokens.heading")}</Title>
          <Text dimmed size="sm">
            {t("apiTokens.intro")}
          </Text>
        </Stack>
        {canEdit ? (
          <LinkButton
            to={withSearchParams(location, { [tokenParams.dialog]: addTokenDialog })}
            preventScrollReset
            leftSection={<IconPlus size={18} aria-hidden="true" />}
          >
            {t("apiTokens.add.open")}
          </LinkButton>
        ) : null}
      </Group>
      <TokenTable tokens={rows} canEdit={canEdit} />
      {addOpen ? (
        <AddTokenDialog
          submissionId={submissionId}
          constraint={addTokenConstraint}
          lastResult={replyFor(actionData, addTokenForm.intent)}
        />
      ) : null}
      {created ? <CreatedTokenDialog token={created.token} expires={created.expires} /> : null}
      {canEdit ? <RemoveTokenDialog rows={rows} /> : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
