// Rejected stations are hidden from the list; clearing lets them come back once they are
// rebooted (operations.md §4). With none rejected there is nothing to say or clear: no card.
import { PlainButton } from "~/components/plain-button";
import { Card } from "#mantine/core/components/Card/Card.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Title } from "#mantine/core/components/Title/Title.mjs";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { clearRejectedCommand } from "./forms";

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
      <Text mt="xs" size="sm" c="dimmed">
        {t("rejected.rebootNote")}
      </Text>
      {canAuthorize ? (
        <Form method="post" preventScrollReset>
          <Group mt="md">
            <PlainButton
              type="submit"
              name="intent"
              value={clearRejectedCommand.intent}
              variant="default"
              loading={submitting}
            >
              {t("rejected.clear")}
            </PlainButton>
          </Group>
        </Form>
      ) : null}
    </Card>
  );
}
