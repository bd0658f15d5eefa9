// Per interface (control and streaming, named as the station type names them): link state,
// MAC address and the live address, and the settings — dynamic or static, IP, netmask, gateway,
// DNS 1–3, search domains (one comma-separated field) and FQDN.
import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, textFieldProps, useFieldError } from "~/components/forms";
import { FactsTable, type Fact } from "~/components/stations/FactsTable";
import { EditableArea, RadioField, SettingsCard, SubmitButton, useStationForm } from "~/components/stations/form-parts";
import { dnsFields, type InterfaceFormValues } from "~/domain/network-form-values";
import type { FormConstraint } from "~/components/lazy-form";
import type { InterfaceRole } from "~/domain/network";
import type { LinkState, NetworkInterfaceType } from "~/contract/enums";
import { useHydrated } from "~/utils/use-hydrated";
import { networkSettingsForm } from "./forms";
import { SimpleGrid } from "~/components/ui/layout";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { TextInput } from "~/components/ui/text-input";
import { Title } from "~/components/ui/title";

export interface InterfaceView {
  role: InterfaceRole;
  type: NetworkInterfaceType;
  live: {
    state: LinkState;
    physicalAddress: string;
    mode: string;
    ip: string;
    netmask: string;
    prefixLength: number;
    gateway: string;
    dns: string[];
    searchDomains: string;
    fqdn: string;
  };
  settings: InterfaceFormValues;
}

const textFields = ["ip", "netmask", "gateway", ...dnsFields, "searchDomains", "fqdn"] as const;
type TextField = (typeof textFields)[number];
type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;

function useFieldLabels() {
  const { t } = useTranslation("stations");
  return (field: TextField | "mode") => t(`network.fields.${field}`);
}

function LiveState({ view }: { view: InterfaceView }) {
  const { t } = useTranslation("stations");
  const none = t("details.noAddress");
  const facts: Fact[] = [
    [t("network.linkState"), t(`network.linkStates.${view.live.state}`)],
    [t("network.macAddress"), view.live.physicalAddress || none],
    [t("network.currentMode"), t(`network.modes.${view.live.mode}`)],
    [t("network.fields.ip"), view.live.ip || none],
    [t("network.fields.netmask"), view.live.netmask || none],
    [t("network.prefixLength"), view.live.ip ? `/${view.live.prefixLength}` : none],
    [t("network.fields.gateway"), view.live.gateway || none],
    [t("network.dnsServers"), view.live.dns.filter(Boolean).join(", ") || none],
    [t("network.fields.searchDomains"), view.live.searchDomains || none],
    [t("network.fields.fqdn"), view.live.fqdn || none],
  ];
  return (
    <FactsTable caption={t("network.liveCaption", { name: t(`network.interfaceTypes.${view.type}`) })} facts={facts} />
  );
}

function InterfaceFields({ view, fields }: { view: InterfaceView; fields: Record<TextField | "mode", AnyField> }) {
  const { t } = useTranslation("stations");
  const label = useFieldLabels();
  const fieldError = useFieldError();
  const hydrated = useHydrated();
  // With JavaScript the static fields rest while DHCP is chosen; without it they stay open.
  const staticOff = hydrated && fields.mode.value !== "Static";
  const input = (name: TextField, extra: { description?: string; disabled?: boolean } = {}) => (
    <TextInput
      {...textFieldProps(fields[name])}
      key={fields[name].key}
      label={label(name)}
      error={fieldError(fields[name])}
      autoComplete="off"
      {...extra}
    />
  );
  const name = t(`network.interfaceTypes.${view.type}`);
  return (
    <SettingsCard
      id={`interface-${view.role}-title`}
      title={t("network.interfaceTitle", { name, role: t(`network.roles.${view.role}`) })}
    >
      <Stack gap="md">
        <LiveState view={view} />
        <Title order={3} size="h4">
          {t("network.settingsTitle")}
        </Title>
        <RadioField
          field={fields.mode}
          label={label("mode")}
          choices={[
            { value: "Dynamic", label: t("network.modes.Dynamic") },
            { value: "Static", label: t("network.modes.Static") },
          ]}
        />
        <Text size="sm" dimmed>
          {t("network.staticHint")}
        </Text>
        <SimpleGrid colsFrom={{ sm: 2 }}>
          {input("ip", { disabled: staticOff })}
          {input("netmask", { disabled: staticOff })}
          {input("gateway", { disabled: staticOff })}
          {input("dns1", { disabled: staticOff })}
          {input("dns2", { disabled: staticOff })}
          {input("dns3", { disabled: staticOff })}
          {input("searchDomains", { description: t("network.searchDomainsHint") })}
          {input("fqdn")}
        </SimpleGrid>
      </Stack>
    </SettingsCard>
  );
}

export function NetworkSettingsForm({
  interfaces,
  constraint,
  reply,
  disabled,
}: {
  interfaces: { control: InterfaceView; streaming: InterfaceView };
  constraint: FormConstraint;
  reply?: SubmissionResult<string[]>;
  disabled: boolean;
}) {
  const { t } = useTranslation("stations");
  const label = useFieldLabels();
  const [form, fields, formProps] = useStationForm({
    id: "network-settings",
    form: networkSettingsForm,
    constraint,
    lastResult: reply,
    defaultValue: { control: interfaces.control.settings, streaming: interfaces.streaming.settings },
  });
  const fieldsets = { control: fields.control.getFieldset(), streaming: fields.streaming.getFieldset() };
  const summaryFields = (["control", "streaming"] as const).flatMap((role) =>
    (["mode", ...textFields] as const).map((field) => ({
      name: fieldsets[role][field].name,
      id: fieldsets[role][field].id,
      label: `${t(`network.roles.${role}`)}: ${label(field)}`,
    })),
  );
  return (
    <Form method="post" {...formProps} preventScrollReset>
      <ErrorSummary form={form} fields={summaryFields} />
      <EditableArea disabled={disabled} legend={t("network.formLegend")}>
        <Stack gap="lg">
          <InterfaceFields
            view={interfaces.control}
            fields={fieldsets.control as Record<TextField | "mode", AnyField>}
          />
          <InterfaceFields
            view={interfaces.streaming}
            fields={fieldsets.streaming as Record<TextField | "mode", AnyField>}
          />
          <div>
            <SubmitButton intent={networkSettingsForm.intent}>{t("network.save")}</SubmitButton>
          </div>
        </Stack>
      </EditableArea>
    </Form>
  );
}
