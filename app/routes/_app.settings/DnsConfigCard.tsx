// The DNS configuration card (administration.md §2): discovery switch and manager IP, what is
// active, save only when something changed (with JavaScript; without, an unchanged save is a
// no-op on the server), a confirmation as URL state, and a 2 s success state after saving.
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { IconCheck } from "~/components/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { ErrorSummary, textFieldProps, useFieldError } from "~/components/forms";
import { dnsConfirmName, dnsSavedMessage } from "./dns-config-params";
import { useLazyForm, type FormConstraint } from "~/components/lazy-form";
import { reviewDnsConfigForm, saveDnsConfigForm } from "./forms";
import { SettingsCard } from "./SettingsCard";
import { UnsavedChangesGuard } from "~/components/UnsavedChangesGuard";
import { activeDnsConfig, isDnsConfigChanged } from "~/domain/dns-config";
import type { DnsDiscoverySettings } from "~/contract/station-parts";
import type { loader as rootLoader } from "~/root";
import { useHydrated } from "~/utils/use-hydrated";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Switch } from "~/components/ui/switch";
import { Text } from "~/components/ui/text";
import { TextInput } from "~/components/ui/text-input";

/** Spec: the button shows its success state for 2 seconds after a save. */
const successStateMs = 2000;

function useJustSaved() {
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash ?? null;
  const [savedFlashId, setSavedFlashId] = useState<string | null>(null);
  const flashId = flash?.message === dnsSavedMessage ? flash.id : null;
  useEffect(() => {
    if (!flashId) return;
    setSavedFlashId(flashId);
    const timer = setTimeout(() => setSavedFlashId(null), successStateMs);
    return () => clearTimeout(timer);
  }, [flashId]);
  return savedFlashId !== null;
}

export interface DnsConfigCardProps {
  stored: DnsDiscoverySettings;
  /** Values reviewed in the confirmation (from the URL), not saved yet. */
  reviewed: DnsDiscoverySettings | null;
  /** The form's constraints, from the loader (no zod needed to render). */
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}

function ActiveValue({ stored }: { stored: DnsDiscoverySettings }) {
  const { t } = useTranslation("admin");
  const active = activeDnsConfig(stored);
  return (
    <Group gap="xs" data-testid="dns-active">
      <Text size="sm">{t("components.dnsConfigCard.active")}</Text>
      <Badge variant="light" color={active.kind === "dns" ? "brand" : "gray"} tt="none">
        {active.kind === "dns"
          ? t("components.dnsConfigCard.dnsInUse")
          : t("components.dnsConfigCard.activeIp", { ip: active.ip })}
      </Badge>
    </Group>
  );
}

function DnsConfigForm({ stored, reviewed, constraint, lastResult }: DnsConfigCardProps) {
  const { t } = useTranslation("admin");
  const fieldError = useFieldError();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const justSaved = useJustSaved();
  const initial = reviewed ?? stored;
  const [form, fields, formProps] = useLazyForm({
    id: "dns-config",
    lastResult,
    defaultValue: {
      useDnsDiscovery: initial.useDnsDiscovery ? "on" : undefined,
      managerIpAddress: initial.managerIpAddress,
    },
    // Checked on submit, then while typing: a message appearing on blur would move the submit
    // button away from under the pointer and swallow the click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    constraint,
    form: reviewDnsConfigForm,
  });
  const useDnsDiscovery = hydrated ? fields.useDnsDiscovery.value === "on" : initial.useDnsDiscovery;
  // A posted form may name the field twice (conform then gives an array): what is shown is text.
  const typedIp = fields.managerIpAddress.value;
  const current = { useDnsDiscovery, managerIpAddress: typeof typedIp === "string" ? typedIp : "" };
  const changed = isDnsConfigChanged(current, stored);
  const reviewing =
    navigation.state === "submitting" && navigation.formData?.get("intent") === reviewDnsConfigForm.intent;
  const ipLabel = t("components.dnsConfigCard.managerIpAddress");

  return (
    <Form method="post" {...formProps} preventScrollReset>
      <UnsavedChangesGuard when={hydrated && changed} />
      <ErrorSummary
        form={form}
        fields={[{ name: fields.managerIpAddress.name, label: ipLabel, id: fields.managerIpAddress.id }]}
      />
      <Stack gap="md">
        <Switch
          id={fields.useDnsDiscovery.id}
          name={fields.useDnsDiscovery.name}
          key={fields.useDnsDiscovery.key}
          defaultChecked={fields.useDnsDiscovery.initialValue === "on"}
          label={t("components.dnsConfigCard.useDnsDiscovery")}
        />
        <TextInput
          {...textFieldProps(fields.managerIpAddress)}
          key={fields.managerIpAddress.key}
          label={ipLabel}
          description={t("components.dnsConfigCard.managerIpHint")}
          error={fieldError(fields.managerIpAddress)}
          // Without JavaScript the field cannot follow the switch: it stays editable and is
          // ignored while discovery is on.
          disabled={hydrated && useDnsDiscovery}
          inputMode="decimal"
          autoComplete="off"
          maw={320}
        />
        <Group>
          <Button
            type="submit"
            name="intent"
            value={reviewDnsConfigForm.intent}
            loading={reviewing}
            disabled={hydrated && !changed && !justSaved}
            aria-disabled={justSaved && !changed ? true : undefined}
            onClick={(event) => {
              if (justSaved && !changed) event.preventDefault();
            }}
            color={justSaved ? "green" : undefined}
            leftSection={justSaved ? <IconCheck size={18} aria-hidden="true" /> : null}
          >
            {justSaved ? t("components.dnsConfigCard.saved") : t("components.dnsConfigCard.save")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

export function DnsConfigCard(props: DnsConfigCardProps) {
  const { t } = useTranslation("admin");
  const { reviewed } = props;
  // A new stored value or new reviewed values start the form afresh.
  const formKey = JSON.stringify([props.stored, reviewed]);
  return (
    <SettingsCard id="dns-config" title={t("components.dnsConfigCard.title")}>
      <Text size="sm" dimmed>
        {t("components.dnsConfigCard.intro")}
      </Text>
      <ActiveValue stored={props.stored} />
      <DnsConfigForm key={formKey} {...props} />
      {reviewed ? (
        <ConfirmDialog
          name={dnsConfirmName}
          title={t("components.dnsConfigCard.confirm.title")}
          confirmLabel={t("components.dnsConfigCard.confirm.confirm")}
          intent={saveDnsConfigForm.intent}
          maxWidth={550}
          fields={{
            useDnsDiscovery: reviewed.useDnsDiscovery ? "on" : "",
            managerIpAddress: reviewed.managerIpAddress,
          }}
        >
          <Stack gap="xs">
            <Text>
              {reviewed.useDnsDiscovery
                ? t("components.dnsConfigCard.confirm.dns")
                : t("components.dnsConfigCard.confirm.ip", { ip: reviewed.managerIpAddress })}
            </Text>
            <Text size="sm">{t("components.dnsConfigCard.confirm.warning")}</Text>
          </Stack>
        </ConfirmDialog>
      ) : null}
    </SettingsCard>
  );
}
