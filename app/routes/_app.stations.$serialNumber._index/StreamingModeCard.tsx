// The streaming mode: Assistive Listening, or Audience Mic & Assistive Listening (beta). A
// change discards the channel and audio settings (confirmed); the station shows it is changing
// modes until the call ends.
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { GuardedConfirmLink, SettingsCard } from "~/components/stations/form-parts";
import type { BlockedReason } from "~/domain/station-state";
import type { UseCaseMode } from "~/contract/enums";
import { useCaseModes } from "~/contract/values";
import { changeModeCommand } from "./forms";
import { Badge } from "~/components/ui/badge";
import { Group } from "~/components/ui/group";
import { Loader } from "~/components/ui/loader";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";

export interface StreamingMode {
  useCaseMode: UseCaseMode;
  hasAudienceMic: boolean;
  isChangingMode: boolean;
}

function ModeName({ mode }: { mode: UseCaseMode }) {
  const { t } = useTranslation("stations");
  return (
    <Group gap="xs" component="span" wrap="nowrap" style={{ display: "inline-flex" }}>
      <span>{t(`mode.names.${mode}`)}</span>{" "}
      {mode === useCaseModes.audienceMicAndAssistiveListening ? (
        <Badge component="span" color="violet" variant="light" size="sm" radius="sm">
          {t("mode.beta")}
        </Badge>
      ) : null}
    </Group>
  );
}

export function StreamingModeCard({ mode, blockedBy }: { mode: StreamingMode; blockedBy: BlockedReason | null }) {
  const { t } = useTranslation("stations");
  const other: UseCaseMode =
    mode.useCaseMode === useCaseModes.assistiveListening
      ? useCaseModes.audienceMicAndAssistiveListening
      : useCaseModes.assistiveListening;
  const otherName = t(`mode.names.${other}`);
  return (
    <SettingsCard id="streaming-mode-title" title={t("mode.title")}>
      <Stack gap="sm" align="flex-start">
        <Text>
          {t("mode.current")} <ModeName mode={mode.useCaseMode} />
        </Text>
        <Text size="sm" dimmed>
          {t(`mode.descriptions.${mode.useCaseMode}`)}
        </Text>
        {mode.isChangingMode ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text>{t("mode.changingLong")}</Text>
          </Group>
        ) : mode.hasAudienceMic ? (
          <GuardedConfirmLink name="changeMode" blockedBy={blockedBy} variant="default">
            {t("mode.switchTo", { mode: otherName })}
          </GuardedConfirmLink>
        ) : (
          <Text size="sm">{t("mode.noAudienceMic")}</Text>
        )}
      </Stack>
      <ConfirmDialog
        name="changeMode"
        title={t("mode.confirmTitle", { mode: otherName })}
        confirmLabel={t("mode.confirm")}
        intent={changeModeCommand.intent}
        color="red"
        fields={{ useCaseMode: String(other) }}
        confirmDisabled={blockedBy !== null || !mode.hasAudienceMic}
      >
        {t("mode.confirmMessage")}
      </ConfirmDialog>
    </SettingsCard>
  );
}
