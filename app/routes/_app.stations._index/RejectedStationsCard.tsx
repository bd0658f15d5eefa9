// Rejected stations are hidden from the list; clearing lets them come back once they are
// rebooted (operations.md §4). With none rejected there is nothing to say or clear: no card.
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { clearRejectedCommand } from "./forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Group } from "~/components/ui/group";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export function RejectedStationsCard({ count, canAuthorize }: { count: number; canAuthorize: boolean }) {
  const { t } = useTranslation("stations");
  const submitting = useNavigation().formData?.get("intent") === clearRejectedCommand.intent;
  if (count === 0) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="rejected-stations-title">
      <Title order={2} size="h3" id="rejected-stations-title">
        {t("rejected.title")}
      </Title>
      <Text mt="xs">{t("rejected.count", { count })}</Text>
      <Text mt="xs" size="sm" dimmed>
        {t("rejected.rebootNote")}
      </Text>
      {canAuthorize ? (
        <Form method="post" preventScrollReset>
          <Group mt="md">
            <Button
              type="submit"
              name="intent"
              value={clearRejectedCommand.intent}
              variant="default"
              loading={submitting}
            >
              {t("rejected.clear")}
            </Button>
          </Group>
        </Form>
      ) : null}
    </Card>
  );
}
