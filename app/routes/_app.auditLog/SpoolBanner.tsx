// Records the database has not taken yet wait in the spool (issue 39): the log is not complete
// until they are written. While the database cannot be read, the table shows only them.
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert";

export function SpoolBanner({ waiting, fromSpool }: { waiting: number; fromSpool: boolean }) {
  const { t } = useTranslation("admin");
  if (waiting === 0) return null;
  return (
    <Alert color="orange" role="status" title={t("auditLog.spool.waiting", { count: waiting })}>
      {fromSpool ? t("auditLog.spool.fromSpool") : null}
    </Alert>
  );
}
