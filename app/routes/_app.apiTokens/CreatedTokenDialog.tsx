// A token just created, with its access token — shown this once (the loader took it out of the
// session). Without JavaScript the token is selectable text; with it, a copy button too.
import { ActionIcon } from "#mantine/core/components/ActionIcon/ActionIcon.mjs";
import { Alert } from "#mantine/core/components/Alert/Alert.mjs";
import { Button } from "#mantine/core/components/Button/Button.mjs";
import { CopyButton } from "#mantine/core/components/CopyButton/CopyButton.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Textarea } from "#mantine/core/components/Textarea/Textarea.mjs";
import { Link } from "@remix-run/react";
import { IconCheck, IconCopy } from "~/components/icons";
import { LazyTooltip } from "~/components/LazyTooltip";
import { useTranslation } from "react-i18next";
import { DialogFrame } from "./DialogFrame";
import type { CreatedTokenView } from "./token-params";
import { useHydrated } from "~/utils/use-hydrated";

/** Spec: the copy success tick shows for 2000 ms. */
const copiedMs = 2000;

export function CreatedTokenDialog({ token, expires }: { token: CreatedTokenView; expires: string }) {
  const { t } = useTranslation("admin");
  const hydrated = useHydrated();
  return (
    <DialogFrame title={t("apiTokens.created.title", { name: token.name })} closeHref="/apiTokens" maxWidth={600}>
      <Alert color="orange" variant="light" title={t("apiTokens.created.onceTitle")}>
        {t("apiTokens.created.once")}
      </Alert>
      <Stack gap={4}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            label={t("apiTokens.created.accessToken")}
            value={token.accessToken}
            readOnly
            autosize
            minRows={2}
            spellCheck={false}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1 }}
            data-autofocus
          />
          {hydrated ? (
            <CopyButton value={token.accessToken} timeout={copiedMs}>
              {({ copied, copy }) => (
                <LazyTooltip label={copied ? t("common:actions.copied") : t("common:actions.copy")}>
                  <ActionIcon
                    size="lg"
                    variant={copied ? "filled" : "default"}
                    color={copied ? "green" : undefined}
                    onClick={copy}
                    aria-label={copied ? t("common:actions.copied") : t("apiTokens.created.copy")}
                    mb={4}
                  >
                    {copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}
                  </ActionIcon>
                </LazyTooltip>
              )}
            </CopyButton>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t("apiTokens.created.expires", { date: expires })}
        </Text>
      </Stack>
      <Group justify="flex-end">
        <Button component={Link} to="/apiTokens" replace>
          {t("apiTokens.created.done")}
        </Button>
      </Group>
    </DialogFrame>
  );
}
