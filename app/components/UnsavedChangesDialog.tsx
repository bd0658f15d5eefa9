// The question the unsaved-changes guard asks before leaving a page (yes / cancel), in Mantine's
// Modal. Loaded by UnsavedChangesGuard once a form has changes, not with the page.
import { Button } from "#mantine/core/components/Button/Button.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Modal } from "#mantine/core/components/Modal/Modal.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { useTranslation } from "react-i18next";

export interface UnsavedChangesDialogProps {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}

export function UnsavedChangesDialog({ opened, onStay, onLeave }: UnsavedChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={t("unsavedChanges.title")}
      closeButtonProps={{ "aria-label": t("actions.close") }}
      centered
    >
      <Text mb="md">{t("unsavedChanges.message")}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onStay}>
          {t("unsavedChanges.cancel")}
        </Button>
        <Button color="red" onClick={onLeave}>
          {t("unsavedChanges.confirm")}
        </Button>
      </Group>
    </Modal>
  );
}
