// The question the unsaved-changes guard asks before leaving a page (yes / cancel), in Mantine's
// Modal. Loaded after hydration (after-hydration.ts); the guard passes its texts in.
import { Modal } from "#mantine/core/components/Modal/Modal.mjs";
import { Button } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Text } from "~/components/ui/text";

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
