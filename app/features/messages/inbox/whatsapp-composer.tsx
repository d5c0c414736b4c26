import Clock from "lucide-react/icons/clock";
import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { ErrorText, SelectInput, TextInput } from "~/ui/form/fields";
import { IntentFields } from "~/ui/form/intent-fields";
import { KeptSearchParams } from "~/ui/form/kept-search-params";
import { filledTemplate, windowText } from "../whatsapp/whatsapp-window";
import type { WhatsappReplyState } from "./whatsapp-replies.server";

/** Whether free text can be sent, and for how long; or why not. */
export function WhatsappWindowNotice({ state, now }: { state: WhatsappReplyState; now: string }) {
  return (
    <p className="flex items-start gap-2 rounded-md bg-emerald-50 p-3 text-sm text-emerald-950 dark:bg-emerald-950/40 dark:text-emerald-100">
      <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        {windowText(state.windowClosesAt, new Date(now))}
        {state.connected
          ? null
          : " WhatsApp is not connected to the portal: answer on the phone, then record it."}
      </span>
    </p>
  );
}

/**
 * Outside the 24-hour window: pick one of the business account's approved templates (the page
 * comes back with it, so this works without JavaScript), check its parameters, filled from the
 * conversation, and send.
 */
export function TemplateForm({
  messageId,
  state,
  error,
}: {
  messageId: string;
  state: WhatsappReplyState;
  error: string | undefined;
}) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "whatsapp-template";
  if (!state.templates)
    return (
      <p className="text-sm text-amber-900 dark:text-amber-200">
        WhatsApp's templates could not be read just now. Reload the page in a minute to answer with
        one.
      </p>
    );
  if (!state.templates.length)
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The business account has no approved template yet: create one in WhatsApp Manager, then
        reload this page.
      </p>
    );
  const chosen = state.chosen;
  return (
    <div className="grid gap-3">
      <Form method="get" preventScrollReset className="flex items-end gap-2">
        <KeptSearchParams except="template" />
        <SelectInput
          id="whatsapp-template"
          name="template"
          label="Approved template"
          layout="action"
          className="flex-1"
          defaultValue={chosen ? `${chosen.name}:${chosen.language}` : undefined}
          options={state.templates}
        />
        <Button type="submit" variant="outline">
          Choose
        </Button>
      </Form>
      {chosen ? (
        <Form method="post" preventScrollReset className="grid gap-2">
          <IntentFields intent="whatsapp-template" id={messageId} />
          <input type="hidden" name="template" value={`${chosen.name}:${chosen.language}`} />
          <p className="rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-900 dark:bg-slate-800/60 dark:text-slate-100">
            {filledTemplate(
              chosen.body,
              chosen.parameters.map((value, index) => value || `{{${index + 1}}}`),
            )}
          </p>
          {chosen.parameters.map((value, index) => (
            <TextInput
              // biome-ignore lint/suspicious/noArrayIndexKey: a template's parameters are positional
              key={`${chosen.name}-${index}`}
              id={`template-parameter-${index + 1}`}
              name="parameters"
              label={`Parameter {{${index + 1}}}`}
              defaultValue={value}
              required
              maxLength={1000}
            />
          ))}
          <ErrorText id="template-error" error={error} />
          <div>
            <Button type="submit" size="sm" disabled={sending}>
              {sending ? "Sending..." : "Send template on WhatsApp"}
            </Button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
