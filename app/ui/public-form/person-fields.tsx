import { EmailAddressInput, TextInput } from "../form/fields";
import type { PublicFieldProps } from "./use-public-form";

/**
 * Who is writing, asked the same way on every public form: full name, e-mail address and
 * phone number. The e-mail and phone fields are always named `email` and `phone`; the name's
 * field is the form's own (`nameField`). The phone is optional unless `phoneRequired`.
 */
export function PersonFields<NameField extends string>({
  field,
  nameField,
  namePlaceholder,
  phoneRequired,
}: {
  /** `usePublicForm`'s `field`. */
  field: (name: NameField | "email" | "phone") => PublicFieldProps;
  nameField: NameField;
  namePlaceholder: string;
  phoneRequired?: boolean;
}) {
  return (
    <>
      <TextInput
        {...field(nameField)}
        label="Full Name"
        required
        autoComplete="name"
        placeholder={namePlaceholder}
      />
      <EmailAddressInput {...field("email")} />
      <TextInput
        {...field("phone")}
        label="Phone Number"
        type="tel"
        required={phoneRequired}
        autoComplete="tel"
        placeholder="0803 123 4567"
      />
    </>
  );
}
