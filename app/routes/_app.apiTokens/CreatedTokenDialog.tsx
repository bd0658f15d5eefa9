// A token just created, with its access token — shown this once (the loader took it out of the
// session). Without JavaScript the token is selectable text; with it, a copy button too.
import { CopyButton } from "#mantine/core/components/CopyButton/CopyButton.mjs";
import { IconCheck, IconCopy } from "~/components/icons";
import { LazyTooltip } from "~/components/LazyTooltip";
import { useTranslation } from "react-i18next";
import { DialogFrame } from "./DialogFrame";
import type { CreatedTokenView } from "./token-params";
import { useHydrated } from "~/utils/use-hydrated";
import { ActionIcon } from "~/components/ui/action-icon";
import { Alert } from "~/components/ui/alert";
import { LinkButton } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Textarea } from "~/components/ui/textarea";

/** Spec: the copy success tick shows for 2000 ms. */
const copiedMs = 2000;
// The button sits on the text field's baseline.
const copyButtonStyle = { marginBottom: "calc(0.25rem * var(--mantine-scale))" };

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
            monospace
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
                    style={copyButtonStyle}
                  >
                    {copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}
                  </ActionIcon>
                </LazyTooltip>
              )}
            </CopyButton>
          ) : null}
        </Group>
        <Text size="sm" dimmed>
          {t("apiTokens.created.expires", { date: expires })}
        </Text>
      </Stack>
      <Group justify="flex-end">
        <LinkButton to="/apiTokens" replace>
          {t("apiTokens.created.done")}
        </LinkButton>
      </Group>
    </DialogFrame>
  );
}
