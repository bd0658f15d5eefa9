// The stations list's status filter: a plain select in the search form (no JavaScript needed).
import { useTranslation } from "react-i18next";
import { stationStatuses, type StationStatus } from "~/domain/bulk-actions";
import { NativeSelect } from "~/components/ui/native-select";

export function StatusFilter({ status }: { status: StationStatus | null }) {
  const { t } = useTranslation("stations");
  return (
    <NativeSelect
      name="status"
      label={t("bulk.status.label")}
      defaultValue={status ?? ""}
      key={status ?? ""}
      data={[
        { value: "", label: t("bulk.status.all") },
        ...stationStatuses.map((value) => ({ value, label: t(`bulk.status.${value}`) })),
      ]}
      w={180}
    />
  );
}
