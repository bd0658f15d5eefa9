// A confirmation as URL state (DESIGN.md §4): the button that needs confirming is a link to
// ?confirm=<name>; the page then renders this dialog with the real POST form inside — without
// JavaScript too. With it: focus moves to the first button after 300 ms unless the user pressed
// a key or the pointer first, focus stays in the dialog, Escape cancels, and the buttons are
// disabled while the submission runs.
// A confirmation a form submission asks for (the action answered "confirm first") passes `open`
// and `cancelIntent`: the dialog then carries the submitted values, and cancelling posts them
// back so nothing typed is lost — also without JavaScript.
import { Form, useFormAction, useLocation, useNavigation } from "@remix-run/react";
import { useId, useRef, type ReactNode, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { UrlDialogFrame } from "~/components/UrlDialogFrame";
import { useDialogFirstFocus } from "~/utils/use-dialog-first-focus";
import { withSearchParams } from "~/utils/url";
import { Button, LinkButton, type ButtonColor, type ButtonLook } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export const confirmParam = "confirm";

/** The link that opens a confirmation. */
export function ConfirmLink({
  name,
  extra,
  children,
  ...buttonProps
}: { name: string; extra?: Record<string, string>; children: ReactNode; "aria-label"?: string } & ButtonLook) {
  const location = useLocation();
  return (
    <LinkButton to={withSearchParams(location, { [confirmParam]: name, ...extra })} preventScrollReset {...buttonProps}>
      {children}
    </LinkButton>
  );
}

export function useConfirmOpen(name: string) {
  const location = useLocation();
  return new URLSearchParams(location.search).get(confirmParam) === name;
}

export interface ConfirmDialogProps {
  name: string;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  intent: string;
  /** Extra fields posted with the confirmation. */
  fields?: Record<string, string>;
  /** Query parameters that belong to this dialog and go away on cancel. */
  dialogParams?: string[];
  color?: ButtonColor;
  maxWidth?: number;
  /** Where the form posts; defaults to the current route. */
  action?: string;
  confirmDisabled?: boolean;
  /** Open regardless of the URL (a confirmation an action answered with). */
  open?: boolean;
  /** Inputs posted with the confirmation (e.g. an option the user picks in the dialog). */
  formContent?: ReactNode;
  /** Cancel posts the fields back with this intent instead of leaving by link. */
  cancelIntent?: string;
}

/** The route's own form action (with ?index on index routes) without the dialog's parameters. */
function useDialogFormAction(params: string[]) {
  const url = new URL(useFormAction(), "http://console.invalid");
  for (const param of params) url.searchParams.delete(param);
  const search = url.searchParams.toString().replace(/^index=(&|$)/, "index$1");
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

export function ConfirmDialog({
  name,
  title,
  children,
  confirmLabel,
  intent,
  fields = {},
  dialogParams = [],
  color,
  maxWidth = 500,
  action,
  confirmDisabled = false,
  open: openByAction,
  formContent,
  cancelIntent,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const titleId = useId();
  const bodyId = useId();
  const firstButton = useRef<HTMLElement>(null);
  const openByUrl = useConfirmOpen(name);
  const open = openByAction ?? openByUrl;
  const closedParams = Object.fromEntries([confirmParam, ...dialogParams].map((param) => [param, null]));
  const cancelHref = withSearchParams(location, closedParams);
  const formAction = useDialogFormAction([confirmParam, ...dialogParams]);
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const submitting = pendingIntent === intent || (cancelIntent !== undefined && pendingIntent === cancelIntent);

  useDialogFirstFocus(firstButton, open);

  if (!open) return null;
  return (
    <UrlDialogFrame
      titleId={titleId}
      describedBy={children ? bodyId : undefined}
      maxWidth={maxWidth}
      closeHref={cancelHref}
      onEscape={cancelIntent ? () => firstButton.current?.click() : undefined}
    >
      <Stack gap="md">
        <Title order={2} size="h3" id={titleId}>
          {title}
        </Title>
        {children ? <div id={bodyId}>{typeof children === "string" ? <Text>{children}</Text> : children}</div> : null}
        <Form method="post" action={action ?? formAction} preventScrollReset>
          {Object.entries(fields).map(([field, value]) => (
            <input key={field} type="hidden" name={field} value={value} />
          ))}
          {formContent}
          <Group spaced justify="flex-end" gap="sm" mt={formContent ? "md" : undefined}>
            {cancelIntent ? (
              <Button
                ref={firstButton as RefObject<HTMLButtonElement>}
                type="submit"
                name="intent"
                value={cancelIntent}
                variant="default"
                disabled={submitting}
              >
                {t("actions.cancel")}
              </Button>
            ) : (
              <LinkButton
                ref={firstButton as RefObject<HTMLAnchorElement>}
                to={cancelHref}
                preventScrollReset
                replace
                variant="default"
                aria-disabled={submitting || undefined}
                onClick={(event) => submitting && event.preventDefault()}
              >
                {t("actions.cancel")}
              </LinkButton>
            )}
            <Button
              type="submit"
              name="intent"
              value={intent}
              color={color}
              loading={submitting}
              disabled={confirmDisabled}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Form>
      </Stack>
    </UrlDialogFrame>
  );
}
