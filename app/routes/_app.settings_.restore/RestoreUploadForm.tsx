// The restore's first step: choose a backup file. A file that is not a backup, of another
// version, too large, broken in its shape or contradicting what it claims to hold gets its
// message beside the field, and nothing is changed.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { SettingsCard } from "~/routes/_app.settings/SettingsCard";
import type { UploadAnswer } from "~/venue-backup/restore-form.server";

/** The message of a file's problem: a contradicted claim says which. */
function problemKey(problem: UploadAnswer) {
  if (problem.problem === "claimContradicted")
    return `venueBackup.restore.problems.claimContradicted.${problem.detail}`;
  return `venueBackup.restore.problems.${problem.problem}`;
}

export function RestoreUploadForm({
  maxBytes,
  problem,
  resultGone,
}: {
  maxBytes: number;
  problem: UploadAnswer | null;
  resultGone: boolean;
}) {
  const { t } = useTranslation("admin");
  const size = `${Math.round(maxBytes / 1024 / 1024)} MB`;
  const message = problem ? t(problemKey(problem), { size, detail: problem.detail ?? "" }) : null;
  return (
    <Stack gap="lg" maw={760}>
      {resultGone ? (
        <Alert color="orange" role="status">
          {t("venueBackup.restore.resultGone")}
        </Alert>
      ) : null}
      <SettingsCard id="venue-restore" title={t("venueBackup.restore.uploadTitle")}>
        <Text size="sm">{t("venueBackup.restore.intro")}</Text>
        <Form method="post" encType="multipart/form-data">
          <Stack gap="sm">
            <Field
              label={t("venueBackup.restore.file")}
              htmlFor="venue-backup-file"
              description={t("venueBackup.restore.fileHint", { size })}
              descriptionId="venue-backup-file-hint"
              error={message}
              errorId="venue-backup-file-error"
            >
              <input
                id="venue-backup-file"
                className="ui-input"
                type="file"
                name="backup"
                accept=".json,application/json"
                required
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? "venue-backup-file-error venue-backup-file-hint" : "venue-backup-file-hint"}
              />
            </Field>
            <div>
              <Button type="submit" name="intent" value="preview">
                {t("venueBackup.restore.preview")}
              </Button>
            </div>
          </Stack>
        </Form>
      </SettingsCard>
    </Stack>
  );
}
