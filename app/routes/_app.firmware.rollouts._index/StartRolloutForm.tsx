// The form that starts a rollout: the version per station type (newest first, the default), which
// stations (those chosen on the stations list, or every one that needs the firmware), the first
// wave's size and the others', "update now", and the EULA accepted once for the whole rollout. A
// plain POST form: the browser's own checks (required, 1–100) and the server's, whose messages
// come back beside the fields with the values the user gave.
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert";
import { Anchor, LinkAnchor } from "~/components/ui/anchor";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Group } from "~/components/ui/group";
import { NativeSelect } from "~/components/ui/native-select";
import { RadioGroup } from "~/components/ui/radio-group";
import { Stack } from "~/components/ui/stack";
import { TextInput } from "~/components/ui/text-input";
import { Title } from "~/components/ui/title";
import type { OfferedFirmware, StartReply } from "./rollout-start.server";

export interface StartFormData {
  offered: OfferedFirmware[];
  selectionId: string | null;
  chosenCount: number;
  submissionId: string;
}

export function StartRolloutForm({ data, reply }: { data: StartFormData; reply: StartReply | undefined }) {
  const { t } = useTranslation("stations");
  const { t: tAny } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "startRollout";
  const values = reply?.values ?? {};
  const error = (field: string) => (reply?.errors[field] ? tAny(reply.errors[field]) : undefined);
  const hasChoice = data.chosenCount > 0;
  const sourceChoices = [
    ...(hasChoice ? [{ value: "selection", label: t("rollouts.source.selection", { count: data.chosenCount }) }] : []),
    { value: "needUpdate", label: t("rollouts.source.needUpdate") },
  ];
  if (data.offered.length === 0) return <Alert title={t("rollouts.startHeading")}>{t("rollouts.noFirmware")}</Alert>;
  return (
    <section aria-labelledby="start-rollout-title">
      <Form method="post" aria-labelledby="start-rollout-title">
        <input type="hidden" name="selection" value={data.selectionId ?? ""} />
        <input type="hidden" name="submissionId" value={data.submissionId} />
        <Stack gap="md">
          <Title order={2} size="h3" id="start-rollout-title">
            {t("rollouts.startHeading")}
          </Title>
          {reply?.formError ? <Alert color="red">{tAny(reply.formError, reply.formErrorValues)}</Alert> : null}
          <Group gap="md" align="flex-start">
            {data.offered.map(({ stationType, versions }) => (
              <NativeSelect
                key={stationType}
                name={`version-${stationType}`}
                label={t("rollouts.versionFor", { type: t(`types.${stationType}`) })}
                defaultValue={values[`version-${stationType}`] ?? versions[0]?.version}
                error={error(`version-${stationType}`)}
                data={versions.map(({ version }, index) => ({
                  value: version,
                  label: index === 0 ? t("rollouts.newest", { version }) : version,
                }))}
              />
            ))}
          </Group>
          <RadioGroup
            id="rollout-source"
            name="source"
            label={t("rollouts.source.label")}
            defaultValue={values.source ?? (hasChoice ? "selection" : "needUpdate")}
            choices={sourceChoices}
          />
          {hasChoice ? null : (
            <LinkAnchor to="/stations" size="sm">
              {t("rollouts.source.chooseOnList")}
            </LinkAnchor>
          )}
          <Group gap="md" align="flex-start">
            <TextInput
              name="firstWaveSize"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              required
              label={t("rollouts.firstWaveSize")}
              description={t("rollouts.waveSizeHint")}
              defaultValue={values.firstWaveSize ?? "1"}
              error={error("firstWaveSize")}
              w={220}
            />
            <TextInput
              name="waveSize"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              required
              label={t("rollouts.waveSize")}
              description={t("rollouts.waveSizeHint")}
              defaultValue={values.waveSize ?? "5"}
              error={error("waveSize")}
              w={220}
            />
          </Group>
          <Checkbox
            name="updateNow"
            label={t("rollouts.updateNow")}
            description={t("rollouts.updateNowHint")}
            defaultChecked={values.updateNow === "on"}
          />
          <Stack gap="xs">
            <Checkbox name="eulaAccepted" required label={t("rollouts.eulaAccepted")} error={error("eulaAccepted")} />
            <Group gap="md">
              {data.offered.flatMap(({ versions }) =>
                versions.slice(0, 1).map(({ version, eulaUrl }) => (
                  <Anchor key={version} href={eulaUrl} target="_blank" rel="noreferrer">
                    {t("rollouts.eulaLink", { version })}
                  </Anchor>
                )),
              )}
            </Group>
          </Stack>
          <Group>
            <Button type="submit" name="intent" value="startRollout" loading={submitting}>
              {t("rollouts.start")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </section>
  );
}
