// An overlay as URL state (like ConfirmDialog, without a form): rendered by the server when its
// query parameter is set, closed by a link that removes it. With JavaScript focus moves to its
// close button (as a ConfirmDialog's moves to its first).
import { CloseButton } from "#mantine/core/components/CloseButton/CloseButton.mjs";
import { Link, useLocation } from "@remix-run/react";
import { useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { UrlDialogFrame } from "~/components/UrlDialogFrame";
import { useDialogFirstFocus } from "~/utils/use-dialog-first-focus";
import { withSearchParams } from "~/utils/url";
import { LinkButton } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Title } from "~/components/ui/title";

export function OverlayDialog({
  title,
  closeParams,
  children,
  maxWidth = 520,
}: {
  title: string;
  /** The query parameters that keep this overlay open. */
  closeParams: string[];
  children: ReactNode;
  maxWidth?: number;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const titleId = useId();
  const closeButton = useRef<HTMLAnchorElement>(null);
  const closeHref = withSearchParams(location, Object.fromEntries(closeParams.map((param) => [param, null])));

  useDialogFirstFocus(closeButton);

  return (
    <UrlDialogFrame titleId={titleId} maxWidth={maxWidth} closeHref={closeHref}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
          <CloseButton component={Link} to={closeHref} preventScrollReset replace aria-label={t("actions.close")} />
        </Group>
        {children}
        <Group justify="flex-end">
          <LinkButton ref={closeButton} to={closeHref} preventScrollReset replace variant="default">
            {t("actions.close")}
          </LinkButton>
        </Group>
      </Stack>
    </UrlDialogFrame>
  );
}
