// The unsaved-changes guard (JavaScript comfort, spec §2): leaving a page with unsaved changes
// asks first (yes / cancel); closing the tab gets the browser's own prompt. Saving a form posts
// to its own page and is never blocked.
import { Button } from "#mantine/core/components/Button/Button.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Modal } from "#mantine/core/components/Modal/Modal.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { useBeforeUnload, useBlocker } from "@remix-run/react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    useCallback(
      ({
        currentLocation,
        nextLocation,
      }: {
        currentLocation: { pathname: string };
        nextLocation: { pathname: string };
      }) => when && currentLocation.pathname !== nextLocation.pathname,
      [when],
    ),
  );

  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!when) return;
        event.preventDefault();
        // Browsers show their own text; the spec's "Are you sure you want to exit?" is the intent.
        event.returnValue = t("unsavedChanges.beforeUnload");
      },
      [when, t],
    ),
  );

  return (
    <Modal
      opened={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title={t("unsavedChanges.title")}
      closeButtonProps={{ "aria-label": t("actions.close") }}
      centered
    >
      <Text mb="md">{t("unsavedChanges.message")}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t("unsavedChanges.cancel")}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t("unsavedChanges.confirm")}
        </Button>
      </Group>
    </Modal>
  );
}
