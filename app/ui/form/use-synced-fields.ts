import { useEffect, useRef } from "react";

/**
 * Keeps a GET filter form's uncontrolled fields in step with the URL it is rendered for. When
 * `values` change (a tab, the back button, 'Clear filters'), each named field shows its new
 * value, except the one in use: a search box typed into while a page was loading keeps the text,
 * and its pending search then goes out with the form as it now is. Remounting the form instead
 * would drop both.
 */
export function useSyncedFields(values: Record<string, string>) {
  const formRef = useRef<HTMLFormElement>(null);
  const valuesKey = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesKey stands for values
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const [name, value] of Object.entries(values)) {
      const field = form.elements.namedItem(name);
      const isControl = field instanceof HTMLInputElement || field instanceof HTMLSelectElement;
      if (isControl && field !== document.activeElement && field.value !== value)
        field.value = value;
    }
  }, [valuesKey]);
  return formRef;
}
