// Stripe's request encoding (application/x-www-form-urlencoded with bracketed keys, as the SDK
// writes it: `items[0][price]=…`, `expand[0]=…`, `metadata[orgId]=…`) → nested objects.
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(encoded: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, FormValue> | FormValue[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const key = part === '' && Array.isArray(node) ? String(node.length) : part;
      const nextIsIndex = !last && /^\d*$/.test(parts[index + 1]!);
      const container = node as Record<string, FormValue>;
      if (last) container[key] = value;
      else {
        container[key] ??= nextIsIndex ? [] : {};
        node = container[key] as Record<string, FormValue>;
      }
    });
  }
  return root;
}

export const asArray = (value: FormValue | undefined): FormValue[] =>
  value === undefined ? [] : Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : [value];

export const asRecord = (value: FormValue | undefined): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : {};
