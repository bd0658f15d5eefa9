// The question the unsaved-changes guard asks before leaving a page (yes / cancel), in Mantine's
// Modal. Loaded after hydration (after-hydration.ts); the guard passes its texts in.
import { Button } from "#mantine/core/components/Button/Button.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Modal } from "#mantine/core/components/Modal/Modal.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";

export interface UnsavedChangesDialogProps {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
  texts: { title: string; message: string; stay: string; leave: string; close: string };
}

export function UnsavedChangesDialog({ opened, onStay, onLeave, texts }: UnsavedChangesDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={texts.title}
      closeButtonProps={{ "aria-label": texts.close }}
      centered
    >
      <Text mb="md">{texts.message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onStay}>
          {texts.stay}
        </Button>
        <Button color="red" onClick={onLeave}>
          {texts.leave}
        </Button>
      </Group>
    </Modal>
  );
}
