// The filter: a plain GET form, so every filtered view is a URL (bookmarkable, and the same with
// JavaScript off). A value the server could not use is named next to its field and kept. Actions
// are chosen in words, by group (<optgroup>: no script needed); the dates are days of the
// console's time zone, the one the table's times are in.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { AuditUser } from "~/records/audit-log";
import { auditOutcomeKinds } from "~/records/audit-log";
import { Button } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { NativeSelect } from "~/components/ui/native-select";
import { TextInput } from "~/components/ui/text-input";
import { groupedAuditActions } from "./action-words";
import type { AuditFilterProblem, AuditFilterParam, AuditFilterValues } from "./filter";

export interface AuditFilterFormProps {
  values: AuditFilterValues;
  problems: Partial<Record<AuditFilterParam, AuditFilterProblem>>;
  users: AuditUser[];
  actions: string[];
  /** The page size in the URL, kept across a new filter. */
  size: string | null;
}

export function AuditFilterForm({ values, problems, users, actions, size }: AuditFilterFormProps) {
  const { t, i18n } = useTranslation("admin");
  const message = (name: AuditFilterParam) => {
    const problem = problems[name];
    return problem ? t(`auditLog.invalid.${problem}`, { action: values.action }) : undefined;
  };
  // A user or action typed into the URL stays chosen, though no record names it.
  const userChoices =
    users.some((user) => user.id === values.user) || !values.user
      ? users
      : [...users, { id: values.user, name: values.user, role: "" }];
  return (
    <Form method="get" aria-label={t("auditLog.filters")} key={JSON.stringify(values)}>
      {size ? <input type="hidden" name="size" value={size} /> : null}
      <Group gap="sm" align="flex-start">
        <NativeSelect
          name="user"
          label={t("auditLog.user")}
          defaultValue={values.user}
          data={[
            { value: "", label: t("auditLog.anyUser") },
            ...userChoices.map((user) => ({
              value: user.id,
              label: user.role ? `${user.name} (${user.role})` : user.name,
            })),
          ]}
          w={220}
        />
        <TextInput
          name="station"
          label={t("auditLog.station")}
          defaultValue={values.station}
          error={message("station")}
          w={200}
        />
        <NativeSelect
          name="action"
          label={t("auditLog.action")}
          defaultValue={problems.action ? "" : values.action}
          error={message("action")}
          data={[
            { value: "", label: t("auditLog.anyAction") },
            ...groupedAuditActions(t, i18n.language, actions).map(({ label, choices }) => ({ group: label, choices })),
          ]}
          w={260}
        />
        <NativeSelect
          name="outcome"
          label={t("auditLog.outcome")}
          defaultValue={problems.outcome ? "" : values.outcome}
          error={message("outcome")}
          data={[
            { value: "", label: t("auditLog.anyOutcome") },
            ...auditOutcomeKinds.map((kind) => ({ value: kind, label: t(`auditLog.outcomes.${kind}`) })),
          ]}
          w={170}
        />
        <TextInput
          name="from"
          type="date"
          label={t("auditLog.from")}
          defaultValue={values.from}
          error={message("from")}
          w={170}
        />
        <TextInput
          name="to"
          type="date"
          label={t("auditLog.to")}
          defaultValue={values.to}
          error={message("to")}
          w={170}
        />
      </Group>
      <Group gap="sm" mt="sm">
        <Button type="submit">{t("auditLog.apply")}</Button> <Link to="/auditLog">{t("auditLog.reset")}</Link>
      </Group>
    </Form>
  );
}
