// DNS discovery: the station finds its Manager by DNS, or uses a fixed manager IP (required and
// a valid IPv4 address when discovery is off).
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, summaryFields, textFieldProps, useFieldError } from "~/components/forms";
import {
  CheckboxField,
  EditableArea,
  SettingsCard,
  SubmitButton,
  useStationForm,
} from "~/components/stations/form-parts";
import type { FormConstraint } from "~/components/lazy-form";
import type { DnsDiscoverySettings } from "~/contract/station-parts";
import { useHydrated } from "~/utils/use-hydrated";
import { dnsDiscoveryForm } from "./forms";
import { Stack } from "~/components/ui/stack";
import { TextInput } from "~/components/ui/text-input";

export function DnsDiscoveryForm({
  settings,
  constraint,
  reply,
  disabled,
}: {
  settings: DnsDiscoverySettings;
  constraint: FormConstraint;
  reply?: SubmissionResult<string[]>;
  disabled: boolean;
}) {
  const { t } = useTranslation("stations");
  const fieldError = useFieldError();
  const hydrated = useHydrated();
  const [form, fields, formProps] = useStationForm({
    id: "dns-discovery",
    form: dnsDiscoveryForm,
    constraint,
    lastResult: reply,
    defaultValue: settings,
  });
  const labels = {
    useDnsDiscovery: t("dnsDiscovery.useDnsDiscovery"),
    managerIpAddress: t("dnsDiscovery.managerIpAddress"),
  };
  const discoveryOn = fields.useDnsDiscovery.value === "on";
  return (
    <SettingsCard id="dns-discovery-title" title={t("dnsDiscovery.title")}>
      <Form method="post" {...formProps} preventScrollReset>
        <ErrorSummary form={form} fields={summaryFields(fields, { managerIpAddress: labels.managerIpAddress })} />
        <EditableArea disabled={disabled} legend={t("dnsDiscovery.title")}>
          <Stack gap="md">
            <CheckboxField
              field={fields.useDnsDiscovery}
              label={labels.useDnsDiscovery}
              description={t("dnsDiscovery.hint")}
            />
            <TextInput
              {...textFieldProps(fields.managerIpAddress)}
              key={fields.managerIpAddress.key}
              label={labels.managerIpAddress}
              description={t("dnsDiscovery.managerIpHint")}
              error={fieldError(fields.managerIpAddress)}
              disabled={hydrated && discoveryOn}
              autoComplete="off"
              w={260}
            />
            <div>
              <SubmitButton intent={dnsDiscoveryForm.intent}>{t("dnsDiscovery.save")}</SubmitButton>
            </div>
          </Stack>
        </EditableArea>
      </Form>
    </SettingsCard>
  );
}
