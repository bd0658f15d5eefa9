// One of a confirmation's lists in full, page by page: every station the action acts on, or
// every station it skips with why. Confirming happens on the confirmation, a link away.
import { useTranslation } from "react-i18next";
import { PageNavigation } from "~/components/DataTable";
import { LinkAnchor } from "~/components/ui/anchor";
import { Stack } from "~/components/ui/stack";
import { Title } from "~/components/ui/title";
import { ActTable, SkipTable } from "./BulkTables";
import type { BulkListData } from "./pages.server";
import { bulkPath } from "./texts";

export function BulkListView({ data }: { data: BulkListData }) {
  const { t } = useTranslation("stations");
  const { action, page } = data;
  const heading =
    data.list === "act"
      ? t(`bulk.willAct.${action}`, { count: page.total })
      : t("bulk.skippedTitle", { count: page.total });
  return (
    <Stack gap="lg">
      <LinkAnchor to={bulkPath(action, data.selectionId, { options: data.options })} size="sm">
        {t("bulk.backToConfirmation")}
      </LinkAnchor>
      <Title order={1}>{t(`bulk.titles.${action}`)}</Title>
      <Stack gap="sm">
        <Title order={2} size="h3" id="bulk-list-title">
          {heading}
        </Title>
        {data.list === "act" ? (
          <ActTable action={action} stations={data.page.items} labelledBy="bulk-list-title" />
        ) : (
          <SkipTable stations={data.page.items} labelledBy="bulk-list-title" />
        )}
        <PageNavigation page={page.page} pageSize={page.pageSize} total={page.total} label={t("bulk.pages")} />
      </Stack>
    </Stack>
  );
}
