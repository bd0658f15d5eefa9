// A titled dialog drawn by the server around a form: URL state or loader state, so it works
// without JavaScript; the shared frame traps focus (first field marked data-autofocus, else the
// first control) and sends Escape to `closeHref`.
import { useId, type ReactNode } from "react";
import { UrlDialogFrame } from "~/components/UrlDialogFrame";
import { Stack } from "~/components/ui/stack";
import { Title } from "~/components/ui/title";

export function DialogFrame({
  title,
  closeHref,
  maxWidth = 500,
  children,
}: {
  title: string;
  closeHref: string;
  maxWidth?: number;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <UrlDialogFrame titleId={titleId} maxWidth={maxWidth} closeHref={closeHref}>
      <Stack gap="md">
        <Title order={2} size="h3" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </UrlDialogFrame>
  );
}
