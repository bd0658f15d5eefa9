// A dialog drawn by the server: overlay, a labelled role=dialog panel and its content (a form,
// usually). It is URL state or loader state, so it works without JavaScript; with it, focus is
// trapped inside (first field marked data-autofocus, else the first control) and Escape leaves
// to `closeHref`.
import { Box, FocusTrap, Overlay, Paper, Stack, Title } from "@mantine/core";
import { useNavigate } from "@remix-run/react";
import { useId, type ReactNode } from "react";

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
  const navigate = useNavigate();
  const titleId = useId();
  return (
    <Box pos="fixed" inset={0} style={{ zIndex: 400 }}>
      <Overlay fixed backgroundOpacity={0.55} blur={1} zIndex={400} />
      <Box
        pos="fixed"
        inset={0}
        style={{ zIndex: 401, display: "grid", placeItems: "center", padding: "1rem", overflowY: "auto" }}
      >
        <FocusTrap active>
          <Paper
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            withBorder
            shadow="xl"
            p="lg"
            w="100%"
            maw={maxWidth}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.stopPropagation();
                navigate(closeHref, { preventScrollReset: true, replace: true });
              }
            }}
          >
            <Stack gap="md">
              <Title order={2} size="h3" id={titleId}>
                {title}
              </Title>
              {children}
            </Stack>
          </Paper>
        </FocusTrap>
      </Box>
    </Box>
  );
}
