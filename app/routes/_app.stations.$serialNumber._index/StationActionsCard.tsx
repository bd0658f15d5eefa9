// Reboot, remove and factory reset, each confirmed. Reboot and factory reset are disabled with
// the reason while the station is not Connected, is updating or rebooting (reboot also on
// firmware that cannot); Remove is offered in every state — a dead station is what it is for.
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { GuardedConfirmLink, SettingsCard } from "~/components/stations/form-parts";
import type { StationAvailability } from "~/domain/station-state";
import { factoryResetCommand, rebootCommand, removeCommand } from "./forms";
import { Checkbox } from "~/components/ui/checkbox";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";

export function StationActionsCard({ name, availability }: { name: string; availability: StationAvailability }) {
  const { t } = useTranslation("stations");
  const { editBlockedBy, rebootBlockedBy } = availability;
  const actions = [
    { action: "reboot", blockedBy: rebootBlockedBy, hint: t("actions.rebootHint"), variant: "default" },
    {
      action: "factoryReset",
      blockedBy: editBlockedBy,
      hint: t("actions.factoryResetHint"),
      variant: "default",
      color: "red",
    },
    { action: "remove", blockedBy: null, hint: t("actions.removeHint"), color: "red" },
  ] as const;
  return (
    <SettingsCard id="station-actions-title" title={t("actions.title")}>
      <Group align="flex-start" gap="xl">
        {actions.map(({ action, blockedBy, hint, ...buttonProps }) => (
          <Stack key={action} gap="xs" maw={260} align="flex-start">
            <GuardedConfirmLink name={action} blockedBy={blockedBy} {...buttonProps}>
              {t(`actions.${action}`)}
            </GuardedConfirmLink>
            <Text size="sm">{hint}</Text>
          </Stack>
        ))}
      </Group>
      <ConfirmDialog
        name="reboot"
        title={t("actions.rebootTitle", { name })}
        confirmLabel={t("actions.reboot")}
        intent={rebootCommand.intent}
        confirmDisabled={rebootBlockedBy !== null}
      >
        {t("actions.rebootMessage")}
      </ConfirmDialog>
      <ConfirmDialog
        name="factoryReset"
        title={t("actions.factoryResetTitle", { name })}
        confirmLabel={t("actions.factoryReset")}
        intent={factoryResetCommand.intent}
        color="red"
        confirmDisabled={editBlockedBy !== null}
        formContent={<Checkbox name="keepNetworkSettings" defaultChecked label={t("actions.keepNetworkSettings")} />}
      >
        {t("actions.factoryResetMessage")}
      </ConfirmDialog>
      <ConfirmDialog
        name="remove"
        title={t("actions.removeTitle", { name })}
        confirmLabel={t("actions.remove")}
        intent={removeCommand.intent}
        color="red"
      >
        {t("actions.removeMessage")}
      </ConfirmDialog>
    </SettingsCard>
  );
}
