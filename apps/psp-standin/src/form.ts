/*
 * application/x-www-form-urlencoded with bracket keys, as Stripe's API and HTML forms send it:
 * `payment_method_options[pix][expires_after_seconds]=300&payment_method_types[0]=pix` becomes
 * `{payment_method_options: {pix: {expires_after_seconds: '300'}}, payment_method_types: ['pix']}`.
 * Values stay strings, as the providers receive them.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };

function place(target: Record<string, FormValue> | FormValue[], path: string[], value: string): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  const key = head === '' && Array.isArray(target) ? String(target.length) : head;
  if (rest.length === 0) {
    (target as Record<string, FormValue>)[key] = value;
    return;
  }
  const container = target as Record<string, FormValue>;
  if (container[key] === undefined || typeof container[key] === 'string') {
    container[key] = /^\d*$/.test(rest[0]!) ? [] : {};
  }
  place(container[key] as Record<string, FormValue> | FormValue[], rest, value);
}

export function parseForm(body: string): Record<string, FormValue> {
  const out: Record<string, FormValue> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    place(out, path, value);
  }
  return out;
}
