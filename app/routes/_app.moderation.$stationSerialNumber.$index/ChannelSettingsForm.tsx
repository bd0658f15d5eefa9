// The channel's moderation settings (name, PIN, audience mic enabled and muted, queue enabled)
// as one form: conform + zod on the server and, with JavaScript, in the browser once the form is
// first touched (useLazyForm). A failed save
// keeps what the moderator typed and says "Something went wrong accepting the updated Data."
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, textFieldProps, useFieldError } from "~/components/forms";
import { channelNameMaxLength } from "./channel-settings-limits";
import { useLazyForm, type FormConstraint } from "~/components/lazy-form";
import { UnsavedChangesGuard } from "~/components/UnsavedChangesGuard";
import { pinLength } from "~/domain/pin";
import { channelSettingsForm } from "./forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { TextInput } from "~/components/ui/text-input";
import { Title } from "~/components/ui/title";

interface SettingsChannel {
  name: string;
  pinCode: string | null;
  uplinkEnabled: boolean;
  uplinkUnmuted: boolean;
  isQueueEnabled: boolean;
}

interface ChannelSettingsProps {
  channel: SettingsChannel;
  canEdit: boolean;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}

function SettingsFields({ channel, canEdit, constraint, lastResult }: ChannelSettingsProps) {
  const { t } = useTranslation("moderation");
  const fieldError = useFieldError();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === channelSettingsForm.intent;
  const [form, fields, formProps] = useLazyForm({
    id: "channel-settings",
    lastResult,
    defaultValue: {
      name: channel.name,
      pinCode: channel.pinCode ?? "",
      uplinkEnabled: channel.uplinkEnabled,
      // The form asks "muted"; the channel says "unmuted": the update sends the inverse.
      uplinkMuted: !channel.uplinkUnmuted,
      isQueueEnabled: channel.isQueueEnabled,
    },
    constraint,
    form: channelSettingsForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const labels = {
    name: t("settings.name"),
    pinCode: t("settings.pin"),
    uplinkEnabled: t("settings.uplinkEnabled"),
  };
  const checked = (value: unknown) => value === "on" || value === true;

  return (
    <Form method="post" {...formProps} preventScrollReset>
      <UnsavedChangesGuard when={form.dirty} />
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="visually-hidden">{t("settings.heading")}</legend>
        <Stack gap="md">
          <ErrorSummary
            form={form}
            fields={[
              { name: fields.name.name, label: labels.name, id: fields.name.id },
              { name: fields.pinCode.name, label: labels.pinCode, id: fields.pinCode.id },
              { name: fields.uplinkEnabled.name, label: labels.uplinkEnabled, id: fields.uplinkEnabled.id },
            ]}
          />
          <TextInput
            {...textFieldProps(fields.name)}
            key={fields.name.key}
            label={labels.name}
            maxLength={channelNameMaxLength}
            error={fieldError(fields.name)}
            autoComplete="off"
          />
          <TextInput
            {...textFieldProps(fields.pinCode)}
            key={fields.pinCode.key}
            label={labels.pinCode}
            description={t("settings.pinHint", { length: pinLength })}
            inputMode="numeric"
            pattern={`\\d{${pinLength}}`}
            maxLength={pinLength}
            autoComplete="off"
            error={fieldError(fields.pinCode)}
            w={220}
          />
          <Checkbox
            id={fields.uplinkEnabled.id}
            key={fields.uplinkEnabled.key}
            name={fields.uplinkEnabled.name}
            defaultChecked={checked(fields.uplinkEnabled.initialValue)}
            label={labels.uplinkEnabled}
            description={t("settings.uplinkEnabledHint")}
            error={fieldError(fields.uplinkEnabled)}
          />
          <Checkbox
            id={fields.uplinkMuted.id}
            key={fields.uplinkMuted.key}
            name={fields.uplinkMuted.name}
            defaultChecked={checked(fields.uplinkMuted.initialValue)}
            label={t("settings.uplinkMuted")}
            description={t("settings.uplinkMutedHint")}
          />
          <Checkbox
            id={fields.isQueueEnabled.id}
            key={fields.isQueueEnabled.key}
            name={fields.isQueueEnabled.name}
            defaultChecked={checked(fields.isQueueEnabled.initialValue)}
            label={t("settings.isQueueEnabled")}
            description={t("settings.isQueueEnabledHint")}
          />
          {canEdit ? (
            <Group>
              <Button type="submit" name="intent" value={channelSettingsForm.intent} loading={saving}>
                {t("settings.save")}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </fieldset>
    </Form>
  );
}

export function ChannelSettingsForm({ channel, canEdit, constraint, lastResult }: ChannelSettingsProps) {
  const { t } = useTranslation("moderation");
  // A new key when the stored settings change (after a save, or another moderator's) starts
  // the form afresh from them; pushes about the queue leave it alone.
  const version = JSON.stringify([
    channel.name,
    channel.pinCode,
    channel.uplinkEnabled,
    channel.uplinkUnmuted,
    channel.isQueueEnabled,
  ]);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="settings-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="settings-heading">
          {t("settings.heading")}
        </Title>
        <SettingsFields
          key={version}
          channel={channel}
          canEdit={canEdit}
          constraint={constraint}
          lastResult={lastResult}
        />
      </Stack>
    </Card>
  );
}
